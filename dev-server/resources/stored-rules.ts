import type { Entity } from '../../src/platform/entity.ts';
import type { Queryable } from '../db/database.ts';
import { isSuperUser, type Actor } from '../security/actor.ts';
import { ipAllowed, restrictionsFor } from '../security/ip-restriction-check.ts';
import { DomainError, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import { hostProblem, urlProblem } from '../outbound/address-policy.ts';

/** What a rule that reads other rows knows about the write: the merged record, its owner, its id. */
export interface StoredWrite {
  record: Record<string, unknown>;
  billingCompanyId: number | null;
  id?: number;
  entity: Entity;
  /** who writes: a rule may protect them from themselves (an IP rule that would lock them out) */
  actor?: Actor;
}
type Problems = Record<string, FieldProblem[]>;
type StoredRule = (tx: Queryable, w: StoredWrite) => Promise<Problems>;

// The English texts, for tests and forms that compare; the catalogue holds both languages.
export const NPI_KIND_MESSAGE = {
  organization: ERROR_CATALOGUE.npi_not_organization.en,
  individual: ERROR_CATALOGUE.npi_not_individual.en,
};
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
     limit 1`,
    [npi],
  );
  const kind = r.rows[0]?.kind;
  return kind && kind !== want
    ? { npi: problem(want === 'organization' ? 'npi_not_organization' : 'npi_not_individual') }
    : {};
}

/** Taxonomy codes must be NUCC codes, once the code set is loaded (it is on a first start). */
async function taxonomyErrors(tx: Queryable, field: string, value: unknown): Promise<Problems> {
  const codes = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []) as string[];
  if (!codes.length) return {};
  const r = await tx.query<{ known: string[]; loaded: boolean }>(
    'select array(select code from taxonomies where code = any($1::text[])) as known, exists (select 1 from taxonomies) as loaded',
    [codes],
  );
  const { known, loaded } = r.rows[0];
  return loaded && codes.some((c) => !known.includes(c)) ? { [field]: problem('unknown_taxonomy') } : {};
}

/** Several rules' problems together, run in turn: a transaction's one connection takes one statement at a time. */
const both = async (...parts: Array<() => Promise<Problems>>) => {
  const out: Problems = {};
  for (const part of parts) Object.assign(out, await part());
  return out;
};

/**
 * An IP rule names a user or a role of its own billing company, and may not lock out the person
 * writing it: once a billing company has a rule it is a whitelist, and the first rule used to shut
 * out the manager who wrote it along with everyone else.
 */
async function ipRestrictionErrors(tx: Queryable, w: StoredWrite): Promise<Problems> {
  const out: Problems = {};
  const r = w.record;
  if (r.user_id !== undefined && r.user_id !== null) {
    const member = await tx.query(
      'select 1 from billing_company_users where user_id = $1 and billing_company_id = $2',
      [r.user_id, w.billingCompanyId],
    );
    if (!member.rows.length) out.user_id = problem('reference_of_other_company');
  }
  if (r.role_id !== undefined && r.role_id !== null) {
    const role = await tx.query(
      'select 1 from roles where id = $1 and (billing_company_id is null or billing_company_id = $2)',
      [r.role_id, w.billingCompanyId],
    );
    if (!role.rows.length) out.role_id = problem('reference_of_other_company');
  }
  const actor = w.actor;
  if (
    actor &&
    !actor.crossTenant &&
    !actor.system &&
    w.billingCompanyId !== null &&
    actor.billingCompanyIds.includes(w.billingCompanyId)
  ) {
    const others = (await restrictionsFor(tx, actor.userId)).filter((x) => Number(x.id) !== w.id);
    const after = [
      ...others,
      {
        id: w.id ?? 0,
        ip_beginning: String(r.ip_beginning),
        ip_finish: (r.ip_finish as string | undefined) ?? null,
        applies_to: String(r.applies_to),
        user_id: (r.user_id as number | undefined) ?? null,
        role_id: (r.role_id as number | undefined) ?? null,
      },
    ];
    if (!ipAllowed(actor.ip, actor.userId, actor.roleIds, after))
      out.ip_beginning = [{ code: 'ip_rule_locks_you_out', params: { ip: actor.ip } }];
  }
  return out;
}

/**
 * A clearing house knows a billing company by its submitter id: the same id (with the same clearing
 * house and receiver) in two billing companies would send one's claims under the other's name and
 * hand one the other's answers. An SFTP mailbox (host and user) is likewise one billing company's,
 * unless a Super User sets it (a clearing house serving several from one login). The lock makes two
 * writes at once see each other.
 */
async function clearingHouseAccountErrors(tx: Queryable, w: StoredWrite): Promise<Problems> {
  const r = w.record;
  const out: Problems = {};
  const submitter = String(r.submitter_id ?? '')
    .trim()
    .toUpperCase();
  await tx.query(`select pg_advisory_xact_lock(hashtext('clearing-house-account:' || $1))`, [submitter]);
  const same = await tx.query(
    `select 1 from clearing_house_accounts where id <> $1 and billing_company_id <> $2 and clearing_house_id = $3
        and upper(trim(submitter_id)) = $4 limit 1`,
    // Whatever receiver each names: a submitter id is how the clearing house knows whose files these are.
    [w.id ?? 0, w.billingCompanyId ?? 0, r.clearing_house_id, submitter],
  );
  if (same.rows.length) out.submitter_id = problem('submitter_in_use');
  // The outbound address policy said where the address is typed (the connection checks it again, resolved).
  if (typeof r.realtime_url === 'string' && r.realtime_url) {
    const p = urlProblem(r.realtime_url);
    if (typeof p === 'string')
      out.realtime_url = problem(p === 'http in production' ? 'outbound_https_required' : 'outbound_address_refused');
  }
  if (r.connection === 'sftp' && typeof r.host === 'string' && r.host && hostProblem(r.host, Number(r.port ?? 22)))
    out.host = problem('outbound_address_refused');
  if (
    r.connection === 'sftp' &&
    typeof r.host === 'string' &&
    typeof r.username === 'string' &&
    !(w.actor && isSuperUser(w.actor))
  ) {
    const login = await tx.query(
      `select 1 from clearing_house_accounts where id <> $1 and billing_company_id <> $2 and connection = 'sftp' and lower(host) = lower($3) and username = $4 limit 1`,
      [w.id ?? 0, w.billingCompanyId ?? 0, r.host, r.username],
    );
    if (login.rows.length) out.host = problem('sftp_login_in_use');
  }
  return out;
}

/** The sorted ids of a list field: the same scope written in another order is the same scope. */
const scope = (v: unknown) => JSON.stringify([...(Array.isArray(v) ? v : [])].map(Number).sort((a, b) => a - b));

const RULES: Record<string, StoredRule> = {
  // A claim names only its patient's policies (a draft too: an id of another billing company's policy must never be stored).
  async claim(tx, { record, billingCompanyId }): Promise<Problems> {
    const ids = Array.isArray(record.insurance_policy_ids) ? (record.insurance_policy_ids as number[]) : [];
    if (!ids.length) return {};
    const r = await tx.query<{ n: number }>(
      'select count(*) as n from insurance_policies where id = any($1::bigint[]) and patient_id = $2 and billing_company_id = $3',
      [ids, record.patient_id, billingCompanyId],
    );
    return Number(r.rows[0].n) === new Set(ids).size
      ? {}
      : { insurance_policy_ids: problem('policy_of_other_patient') };
  },
  // Two rules of one billing company with the same scope (form, payers, plans, companies, responsibilities) would be one rule told twice.
  async 'claim-rule'(tx, { record, billingCompanyId, id }): Promise<Problems> {
    const r = await tx.query<{
      format_id: number | null;
      insurance_company_ids: unknown;
      insurance_plan_ids: unknown;
      company_ids: unknown;
      responsibilities: unknown;
    }>(
      'select format_id, insurance_company_ids, insurance_plan_ids, company_ids, responsibilities from claim_rules where billing_company_id = $1 and id <> $2',
      [billingCompanyId, id ?? 0],
    );
    const key = (x: Record<string, unknown>) =>
      [
        x.format_id ?? null,
        scope(x.insurance_company_ids),
        scope(x.insurance_plan_ids),
        scope(x.company_ids),
        scope(x.responsibilities),
      ].join('|');
    return r.rows.some((x) => key(x) === key(record)) ? { name: problem('rule_configuration_exists') } : {};
  },
  'ip-restriction': ipRestrictionErrors,
  'clearing-house-account': clearingHouseAccountErrors,
  company: (tx, w) =>
    both(
      () => npiKindErrors(tx, w.record.npi, 'organization'),
      () => taxonomyErrors(tx, 'taxonomy', w.record.taxonomy),
    ),
  facility: (tx, w) =>
    both(
      () => npiKindErrors(tx, w.record.npi, 'organization'),
      () => taxonomyErrors(tx, 'taxonomies', w.record.taxonomies),
    ),
  'health-professional': (tx, w) =>
    both(
      () => npiKindErrors(tx, w.record.npi, 'individual'),
      () => taxonomyErrors(tx, 'taxonomy', w.record.taxonomy),
    ),
  async 'insurance-policy'(tx, { record, id }) {
    const out: Problems = {};
    const plan = await tx.query<{ insurance_company_id: string }>(
      'select insurance_company_id from insurance_plans where id = $1',
      [record.insurance_plan_id],
    );
    if (plan.rows[0] && Number(plan.rows[0].insurance_company_id) !== Number(record.insurance_company_id))
      out.insurance_plan_id = problem('plan_of_other_payer');
    // Responsibility (primary, secondary…) cannot repeat among a patient's active policies, or a claim would not know whom to bill first.
    if (record.status !== false) {
      const same = await tx.query(
        'select 1 from insurance_policies where patient_id = $1 and type_responsibility_id = $2 and status and id <> $3 limit 1',
        [record.patient_id, record.type_responsibility_id, id ?? 0],
      );
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
      const r = await tx.query<{ bc: string | null }>(
        `select to_jsonb(t) ->> 'billing_company_id' as bc from ${table} t where id = $1`,
        [value],
      );
      const bc = r.rows[0]?.bc;
      if (bc && Number(bc) !== w.billingCompanyId) errors[field] = problem('reference_of_other_company');
    }
  }
  Object.assign(errors, await RULES[w.entity.name]?.(tx, w));
  if (Object.keys(errors).length) throw new DomainError('invalid', {}, errors);
}
