import type { Entity } from '../../src/platform/entity.ts';
import type { Queryable } from '../db/database.ts';
import { DomainError, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';

/** What a rule that reads other rows knows about the write: the merged record, its owner, its id. */
export interface StoredWrite { record: Record<string, unknown>; billingCompanyId: number | null; id?: number; entity: Entity }
type Problems = Record<string, FieldProblem[]>;
type StoredRule = (tx: Queryable, w: StoredWrite) => Promise<Problems>;

// The English texts, for tests and forms that compare; the catalogue holds both languages.
export const NPI_KIND_MESSAGE = { organization: ERROR_CATALOGUE.npi_not_organization.en, individual: ERROR_CATALOGUE.npi_not_individual.en };
export const REPEATED_RESPONSIBILITY_MESSAGE = ERROR_CATALOGUE.repeated_responsibility.en;
export const PLAN_OF_OTHER_PAYER_MESSAGE = ERROR_CATALOGUE.plan_of_other_payer.en;
export const REFERENCE_OF_OTHER_COMPANY_MESSAGE = ERROR_CATALOGUE.reference_of_other_company.en;
export const UNKNOWN_TAXONOMY_MESSAGE = ERROR_CATALOGUE.unknown_taxonomy.en;
const problem = (code: FieldProblem['code']): FieldProblem[] => [{ code }];

/**
 * An NPI names either a person (NPPES entity type 1) or an organization (type 2). The registry,
 * when imported, says which; otherwise the NPIs already in use here do: a number a professional
 * holds is not a company's, and the other way round.
 */
async function npiKindErrors(tx: Queryable, npi: unknown, want: 'individual' | 'organization'): Promise<Problems> {
  if (typeof npi !== 'string') return {};
  const r = await tx.query<{ kind: string }>(
    `select case when entity_type = 1 then 'individual' else 'organization' end as kind from npi_registry where npi = $1
     union all select 'individual' from health_professionals where npi = $1
     union all select 'organization' from companies where npi = $1
     union all select 'organization' from facilities where npi = $1
     limit 1`, [npi]);
  const kind = r.rows[0]?.kind;
  return kind && kind !== want ? { npi: problem(want === 'organization' ? 'npi_not_organization' : 'npi_not_individual') } : {};
}

/** Taxonomy codes must be NUCC codes, once the code set is loaded (it is on a first start). */
async function taxonomyErrors(tx: Queryable, field: string, value: unknown): Promise<Problems> {
  const codes = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []) as string[];
  if (!codes.length) return {};
  const r = await tx.query<{ known: string[]; loaded: boolean }>(
    'select array(select code from taxonomies where code = any($1::text[])) as known, exists (select 1 from taxonomies) as loaded', [codes]);
  const { known, loaded } = r.rows[0];
  return loaded && codes.some((c) => !known.includes(c)) ? { [field]: problem('unknown_taxonomy') } : {};
}

const both = async (...parts: Array<Promise<Problems>>) => Object.assign({}, ...(await Promise.all(parts)));

const RULES: Record<string, StoredRule> = {
  company: (tx, w) => both(npiKindErrors(tx, w.record.npi, 'organization'), taxonomyErrors(tx, 'taxonomy', w.record.taxonomy)),
  facility: (tx, w) => both(npiKindErrors(tx, w.record.npi, 'organization'), taxonomyErrors(tx, 'taxonomies', w.record.taxonomies)),
  'health-professional': (tx, w) => both(npiKindErrors(tx, w.record.npi, 'individual'), taxonomyErrors(tx, 'taxonomy', w.record.taxonomy)),
  async 'insurance-policy'(tx, { record, id }) {
    const out: Problems = {};
    const plan = await tx.query<{ insurance_company_id: string }>('select insurance_company_id from insurance_plans where id = $1', [record.insurance_plan_id]);
    if (plan.rows[0] && Number(plan.rows[0].insurance_company_id) !== Number(record.insurance_company_id)) out.insurance_plan_id = problem('plan_of_other_payer');
    // Responsibility (primary, secondary…) cannot repeat among a patient's active policies, or a claim would not know whom to bill first.
    if (record.status !== false) {
      const same = await tx.query('select 1 from insurance_policies where patient_id = $1 and type_responsibility_id = $2 and status and id <> $3 limit 1',
        [record.patient_id, record.type_responsibility_id, id ?? 0]);
      if (same.rows.length) out.type_responsibility_id = problem('repeated_responsibility');
    }
    return out;
  },
};

/**
 * Rules that read other rows, run inside the write's transaction: the entity's own, and for every
 * field that references a billing company's record, that the record is of the same billing company
 * (a foreign key alone would let one tenant point at another's patient).
 */
export async function checkStored(tx: Queryable, w: StoredWrite): Promise<void> {
  const errors: Problems = {};
  if (w.billingCompanyId !== null) {
    for (const [field, def] of Object.entries(w.entity.schema.properties)) {
      const table = def['x-db']?.references;
      const value = w.record[field];
      if (!table || value === undefined || value === null) continue;
      // to_jsonb reads the owner of any table, and null where the table has none (a global payer).
      const r = await tx.query<{ bc: string | null }>(`select to_jsonb(t) ->> 'billing_company_id' as bc from ${table} t where id = $1`, [value]);
      const bc = r.rows[0]?.bc;
      if (bc && Number(bc) !== w.billingCompanyId) errors[field] = problem('reference_of_other_company');
    }
  }
  Object.assign(errors, await RULES[w.entity.name]?.(tx, w));
  if (Object.keys(errors).length) throw new DomainError('invalid', {}, errors);
}
