import type { Queryable } from '../db/database.ts';
import { isNpi, isoToUsDate, isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { claimTotals, unitsInThousandths } from '../../src/domain/claims/claim-amounts.ts';
import { claimMessage, type ClaimMessage } from '../../src/domain/claims/claim-messages.ts';
import { isFilled, isProfessional, type ClaimErrors } from '../../src/domain/claims/claim-rules.ts';
import revenueCodes from '../../schemas/lists/revenue-codes.json' with { type: 'json' };
import { codeOf } from './claim-code-lists.ts';
import { readableBy } from '../resources/shared-tenancy.ts';
import { checkCorrectCoding, correctCodingEdits, type CorrectCodingEdits } from './correct-coding.ts';
import { billingTaxonomyFor, institutionGroups } from '../../src/domain/claims/institution.ts';

type Row = Record<string, unknown>;
/** Loop 2010AA N403: both 837 guides want the billing provider's ZIP+4, nine digits. */
const isZipPlus4 = (zip: unknown) => /^\d{9}$/.test(String(zip ?? '').replace(/\D/g, ''));
const iso = (v: unknown) => (typeof v === 'string' && isUsDate(v) ? usDateToIso(v) : null);
const REVENUE = new Set(revenueCodes.items.map((i) => i.id));
/** Relationship codes an 837 5010 accepts for a patient who is not the subscriber (loop 2000C PAT01). */
const X12_RELATIONSHIPS = new Set(['01', '19', '20', '21', '39', '40', '53', 'G8']);

export interface CheckResult {
  errors: ClaimErrors;
  warnings: ClaimErrors;
}

function collector() {
  const errors: ClaimErrors = {};
  const warnings: ClaimErrors = {};
  const put = (into: ClaimErrors) => (field: string, key: ClaimMessage, params?: Record<string, string | number>) => {
    const m = claimMessage(key, params);
    (into[field] ??= []).includes(m) || into[field].push(m);
  };
  return { errors, warnings, error: put(errors), warn: put(warnings) };
}

/** A code row is effective on a day when the day lies in its start/end dates (either may be open). */
const effective = (row: { start_date: string | null; end_date: string | null }, day: string | null) =>
  !day || ((!row.start_date || row.start_date <= day) && (!row.end_date || row.end_date >= day));

type Policy = {
  id: number;
  patient_id: number;
  policy_number: string;
  type_responsibility_id: number;
  eff_date: string | null;
  end_date: string | null;
  own_insurance: boolean | null;
  subscriber: Row | null;
  insurance_company_id: number;
  insurance_plan_id: number;
  ins_type_id: number | null;
  payer_name: string;
  /** the claim forms the payer takes, as the billing company's payer settings say (none: both) */
  claim_format_ids: number[] | null;
  /** the payer's latest eligibility answer about the policy (its coverage, plan end, the day it answered, its reasons) */
  checked_coverage: string | null;
  checked_plan_end: string | null;
  checked_on: string | null;
  checked_reasons: Array<{ words: string }> | null;
};
type CodeRow = { code: string; start_date: string | null; end_date: string | null };
type OwnedCodeRow = CodeRow & { billing_company_id: string | null };
/** Shipped codes under their code, a billing company's own under "bc:code". */
const byOwnedCode = (rows: OwnedCodeRow[]) =>
  new Map(rows.map((r) => [r.billing_company_id ? `${r.billing_company_id}:${r.code}` : r.code, r]));
/** The code a claim's billing company reads: its own entry first, else the shipped one. */
const ownedCode = (map: Map<string, CodeRow>, claim: CheckedClaim, code: string) =>
  map.get(`${claim.billing_company_id}:${code}`) ?? map.get(code);
export type CheckedClaim = Row & { billing_company_id: number; id?: number };

/** What the checks read, for any number of claims: one query per table, never one per claim or line. */
export interface ClaimReferences {
  dx: Map<string, CodeRow>;
  procedures: Map<string, CodeRow>;
  modifiers: Map<string, CodeRow>;
  policies: Map<number, Policy>;
  providers: Map<number, { npi: string | null; taxonomy: string | null }>;
  facilities: Map<number, { npi: string | null; taxonomies: string[] | null; zip: string | null }>;
  companies: Map<
    number,
    {
      npi: string | null;
      tax_id: string | null;
      ein: string | null;
      taxonomy: string | null;
      address: string | null;
      city: string | null;
      state: string | null;
      zip: string | null;
      services: Row[] | null;
    }
  >;
  duplicates: Map<number, string>;
  /** CMS's correct-coding edits (PTP pairs and MUEs) among the claims' codes */
  coding: CorrectCodingEdits;
}

const up = (v: unknown) => String(v).trim().toUpperCase();
const linesOf = (c: Row) => (c.services as Row[] | undefined) ?? [];
const dxOf = (c: Row) => (c.diagnoses as Row[] | undefined) ?? [];
const PROVIDER_FIELDS = [
  'billing_provider_id',
  'attending_provider_id',
  'referring_provider_id',
  'supervising_provider_id',
  'operating_provider_id',
];
const procedureCodes = (c: Row) => [
  ...new Set(
    linesOf(c)
      .filter((s) => isFilled(s.procedure_code))
      .map((s) => up(s.procedure_code)),
  ),
];
const isoDos = (c: Row) => {
  const d = claimTotals(linesOf(c)).dateOfService;
  return d ? usDateToIso(d) : null;
};

export async function claimReferences(tx: Queryable, claims: CheckedClaim[]): Promise<ClaimReferences> {
  const all = <T>(f: (c: CheckedClaim) => T[]) => [...new Set(claims.flatMap(f))];
  const byCode = <T extends { code: string }>(rows: T[]) => new Map(rows.map((r) => [r.code, r]));
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [Number(r.id), r]));
  const dup = claims
    .map((c, key) => ({ key, c, dos: isoDos(c), procs: procedureCodes(c) }))
    .filter((x) => x.dos && x.procs.length && isFilled(x.c.attending_provider_id));
  // One connection runs a transaction's statements one at a time: they are awaited in turn, not all at once.
  const dx = await tx.query<CodeRow>(
    `select upper(replace(code, '.', '')) as code, start_date::text, end_date::text from diagnoses where upper(replace(code, '.', '')) = any($1::text[]) and active is not false`,
    [
      all((c) =>
        dxOf(c)
          .filter((d) => isFilled(d.code))
          .map((d) => up(d.code).replace('.', '')),
      ),
    ],
  );
  // Procedures and modifiers: the shipped set and each claim's billing company's own codes (its CPT), keyed "bc:code" for the latter.
  const owners = all((c) => [Number(c.billing_company_id)]);
  const proc = await tx.query<OwnedCodeRow>(
    `select upper(code) as code, billing_company_id, start_date::text, end_date::text from procedures
      where upper(code) = any($1::text[]) and status is not false and ${readableBy('any($2::bigint[])')}`,
    [all(procedureCodes), owners],
  );
  const mod = await tx.query<OwnedCodeRow>(
    `select upper(code) as code, billing_company_id, start_date::text, end_date::text from modifiers
      where upper(code) = any($1::text[]) and active is not false and ${readableBy('any($2::bigint[])')}`,
    [all((c) => linesOf(c).flatMap((s) => (Array.isArray(s.modifiers) ? s.modifiers : []).map(up))), owners],
  );
  const policies = await tx.query<Policy>(
    `select p.id, p.patient_id, p.policy_number, p.type_responsibility_id, p.eff_date::text, p.end_date::text, p.own_insurance, p.subscriber,
             p.insurance_company_id, p.insurance_plan_id, i.ins_type_id, i.name as payer_name, ps.claim_format_ids,
             e.coverage as checked_coverage, e.plan_end::text as checked_plan_end, to_char(e.answered_at, 'MM/DD/YYYY') as checked_on,
             e.rejections as checked_reasons
        from insurance_policies p join insurance_companies i on i.id = p.insurance_company_id
        left join payer_settings ps on ps.billing_company_id = p.billing_company_id and ps.insurance_company_id = p.insurance_company_id
        left join lateral (select coverage, plan_end, answered_at, rejections from eligibility_checks e
                            where e.billing_company_id = p.billing_company_id and e.insurance_policy_id = p.id and e.state = 'answered'
                            order by e.answered_at desc limit 1) e on true
       where p.id = any($1::bigint[]) and p.billing_company_id = any($2::bigint[])`,
    [
      all((c) => (Array.isArray(c.insurance_policy_ids) ? c.insurance_policy_ids : []) as number[]),
      all((c) => [c.billing_company_id]),
    ],
  );
  const providers = await tx.query<{ id: number; npi: string | null; taxonomy: string | null }>(
    `select id, npi, taxonomy from health_professionals where id = any($1::bigint[])`,
    [all((c) => PROVIDER_FIELDS.filter((f) => isFilled(c[f])).map((f) => Number(c[f])))],
  );
  const companies = await tx.query<{
    id: number;
    npi: string | null;
    tax_id: string | null;
    ein: string | null;
    taxonomy: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    services: Row[] | null;
  }>(
    'select id, npi, tax_id, ein, taxonomy, address, city, state, zip, services from companies where id = any($1::bigint[])',
    [all((c) => (c.company_id ? [Number(c.company_id)] : []))],
  );
  const facilities = await tx.query<{
    id: number;
    npi: string | null;
    taxonomies: string[] | null;
    zip: string | null;
  }>('select id, npi, taxonomies, zip from facilities where id = any($1::bigint[])', [
    all((c) => (c.facility_id ? [Number(c.facility_id)] : [])),
  ]);
  const providerRows = byId(providers.rows);
  const companyRows = byId(companies.rows);
  const coding = await correctCodingEdits(tx, claims, (c) => billingTaxonomy(c, providerRows, companyRows));
  // A likely duplicate: another claim of the same patient, date of service and attending provider with a procedure in
  // common. One found is enough to warn (lateral, limit 1, in no order, so the search stops there), and each claim's
  // procedures travel as its own array: a batch of near-identical claims costs a probe or two per claim, not every
  // pair against every procedure.
  const duplicates = await (dup.length
    ? tx.query<{ key: number; code: string }>(
        `with q(key, bc, patient_id, dos, attending, self_id, procs) as (
              select key, bc, patient_id, dos, attending, self_id, string_to_array(procs, '|')
                from unnest($1::int[], $2::bigint[], $3::bigint[], $4::date[], $5::bigint[], $6::bigint[], $7::text[])
                  as u(key, bc, patient_id, dos, attending, self_id, procs))
       select q.key, d.code from q cross join lateral (
         select c.code from claims c
          where c.billing_company_id = q.bc and c.patient_id = q.patient_id and c.date_of_service = q.dos
            and c.attending_provider_id = q.attending and c.id <> q.self_id
            and exists (select 1 from claim_services s
                         where s.claim_id = c.id and s.billing_company_id = q.bc and upper(s.procedure_code) = any(q.procs))
          limit 1) d`,
        [
          dup.map((x) => x.key),
          dup.map((x) => x.c.billing_company_id),
          dup.map((x) => x.c.patient_id),
          dup.map((x) => x.dos),
          dup.map((x) => x.c.attending_provider_id),
          dup.map((x) => x.c.id ?? 0),
          dup.map((x) => x.procs.join('|')),
        ],
      )
    : Promise.resolve({ rows: [] as Array<{ key: number; code: string }> }));
  return {
    dx: byCode(dx.rows),
    procedures: byOwnedCode(proc.rows),
    modifiers: byOwnedCode(mod.rows),
    policies: byId(policies.rows),
    providers: providerRows,
    facilities: byId(facilities.rows),
    companies: companyRows,
    duplicates: new Map(duplicates.rows.map((r) => [Number(r.key), r.code])),
    coding,
  };
}

/** The billing provider's taxonomy: the claim's billing provider's when it names one, else its company's. */
function billingTaxonomy(
  claim: Row,
  providers: ClaimReferences['providers'],
  companies: ClaimReferences['companies'],
): string | null | undefined {
  const co = companies.get(Number(claim.company_id));
  return isFilled(claim.billing_provider_id)
    ? providers.get(Number(claim.billing_provider_id))?.taxonomy
    : co?.taxonomy;
}
/** Payers bound by CMS's correct-coding edits (Medicare by rule, Medicaid by statute): there an edit stops the claim. */
const NCCI_PAYERS = new Set(['MED', 'MCE']);

/**
 * The rules of document 3 §5 that read other rows, and what an 837 receiver needs of them: codes exist
 * and are effective on the date of service, the patient's policies are effective and not repeated,
 * units within the company's limit, providers with valid NPIs (and taxonomy where the 837I needs
 * it), subscriber relationships an 837 accepts. Likely duplicates are warnings: they do not stop a
 * claim, they make someone look. key: the claim's place in the batch its references were read for.
 */
export function checkClaim(claim: CheckedClaim, refs: ClaimReferences, key = 0): CheckResult {
  const c = collector();
  const services = linesOf(claim);
  const diagnoses = dxOf(claim);
  const { dateOfService, lastDate } = claimTotals(services);
  const dos = dateOfService ? usDateToIso(dateOfService) : null;
  const last = lastDate ? usDateToIso(lastDate) : dos;
  const professional = isProfessional(claim);

  // Codes exist and are effective on the date the line (or the claim) was served.
  diagnoses.forEach((d, i) => {
    if (!isFilled(d.code)) return;
    const row = refs.dx.get(up(d.code).replace('.', ''));
    if (!row) c.error(`diagnoses.${i}.code`, 'diagnosisNotFound');
    else if (!effective(row, dos)) c.error(`diagnoses.${i}.code`, 'codeNotEffective', { code: String(d.code) });
  });
  services.forEach((s, i) => {
    const day = iso(s.from_service) ?? dos;
    if (isFilled(s.procedure_code)) {
      const row = ownedCode(refs.procedures, claim, up(s.procedure_code));
      if (!row) c.error(`services.${i}.procedure_code`, 'procedureNotFound', { code: up(s.procedure_code) });
      else if (!effective(row, day))
        c.error(`services.${i}.procedure_code`, 'codeNotEffective', { code: up(s.procedure_code) });
    }
    for (const m of (Array.isArray(s.modifiers) ? s.modifiers : []).map(up)) {
      const row = ownedCode(refs.modifiers, claim, m);
      if (!row) c.error(`services.${i}.modifiers`, 'modifierNotFound', { code: m });
      else if (!effective(row, day)) c.error(`services.${i}.modifiers`, 'codeNotEffective', { code: m });
    }
    if (isFilled(s.revenue_code) && !REVENUE.has(String(s.revenue_code)))
      c.error(`services.${i}.revenue_code`, 'revenueNotFound');
  });

  // Policies: the patient's own, one per responsibility, in force on every date of service.
  const policyIds = (Array.isArray(claim.insurance_policy_ids) ? claim.insurance_policy_ids : []) as number[];
  const seenTypes = new Set<number>();
  for (const id of policyIds) {
    const p = refs.policies.get(Number(id));
    if (!p || Number(p.patient_id) !== Number(claim.patient_id)) {
      c.error('insurance_policy_ids', 'policyOfOtherPatient');
      continue;
    }
    if (seenTypes.has(p.type_responsibility_id)) c.error('insurance_policy_ids', 'policyTypeRepeated');
    seenTypes.add(p.type_responsibility_id);
    if (dos && ((p.eff_date && p.eff_date > dos) || (p.end_date && last && p.end_date < last)))
      c.error('insurance_policy_ids', 'policyNotEffective', { policy_number: p.policy_number });
    // What the payer itself last said of the policy (a 271): not active, a plan that ends before the service, or no answer.
    const said = { date: p.checked_on ?? '', policy_number: p.policy_number };
    if (p.checked_coverage === 'inactive') c.error('insurance_policy_ids', 'eligibilityInactive', said);
    else if (p.checked_coverage === 'active' && p.checked_plan_end && last && p.checked_plan_end < last)
      c.error('insurance_policy_ids', 'eligibilityEnded', { ...said, end: String(isoToUsDate(p.checked_plan_end)) });
    else if (p.checked_coverage === 'unknown' && p.checked_reasons?.length)
      c.warn('insurance_policy_ids', 'eligibilityNotAnswered', {
        ...said,
        reason: p.checked_reasons.map((r) => r.words).join('; '),
      });
    if (p.own_insurance !== false) continue;
    // Medicare insures the beneficiary alone: its 837 has no patient loop (the patient is the subscriber).
    if (codeOf('ins-types', p.ins_type_id) === 'MED')
      c.error('insurance_policy_ids', 'medicareSubscriberIsPatient', { policy_number: p.policy_number });
    if (
      !X12_RELATIONSHIPS.has(
        String(p.subscriber?.relationship_code ?? codeOf('relationships', p.subscriber?.relationship_id)),
      )
    ) {
      c.error('insurance_policy_ids', 'subscriberRelationship', { policy_number: p.policy_number });
    }
    // Loop 2010BA DMG: a subscriber who is not the patient is named with a birth date and sex, or the payer cannot find the member.
    if (
      !isUsDate(isoToUsDate(String(p.subscriber?.date_of_birth ?? '')) ?? '') ||
      !['F', 'M'].includes(String(p.subscriber?.sex ?? ''))
    ) {
      c.error('insurance_policy_ids', 'subscriberDemographics', { policy_number: p.policy_number });
    }
  }

  // The order payers pay in: Medicaid is the payer of last resort, billed after every other coverage.
  const ranked = policyIds
    .map((id) => refs.policies.get(Number(id)))
    .filter((p): p is Policy => !!p)
    .sort((a, b) => a.type_responsibility_id - b.type_responsibility_id);
  const medicaid = ranked.findIndex((p) => codeOf('ins-types', p.ins_type_id) === 'MCE');
  const after =
    medicaid < 0 ? undefined : ranked.slice(medicaid + 1).find((p) => codeOf('ins-types', p.ins_type_id) !== 'MCE');
  if (after)
    c.error('insurance_policy_ids', 'medicaidPaysLast', {
      medicaid: ranked[medicaid].payer_name,
      other: after.payer_name,
    });
  // The forms each payer takes (its payer settings): a Medicare Part B carrier refuses an institutional claim.
  for (const p of ranked)
    if (p.claim_format_ids?.length && !p.claim_format_ids.includes(Number(claim.format_id)))
      c.error('insurance_policy_ids', professional ? 'payerTakesOnlyInstitutional' : 'payerTakesOnlyProfessional', {
        payer: p.payer_name,
      });

  // Providers: an NPI whose check digit holds (NM109 is refused otherwise).
  for (const f of PROVIDER_FIELDS) {
    if (!isFilled(claim[f])) continue;
    const p = refs.providers.get(Number(claim[f]));
    if (p && (!p.npi || !isNpi(p.npi))) c.error(f, 'providerNpiInvalid');
  }
  const co = refs.companies.get(Number(claim.company_id));
  const taxonomy = billingTaxonomy(claim, refs.providers, refs.companies);
  if (co) {
    if (!isFilled(claim.billing_provider_id) && (!co.npi || !isNpi(co.npi)))
      c.error('company_id', 'providerNpiInvalid');
    if (!co.tax_id && !co.ein) c.error('company_id', 'billingTaxIdRequired');
    // Loop 2010AA N403: both 837 guides want the billing provider's ZIP+4; a 5-digit one is refused at the door (999 IK5*R).
    if (!isZipPlus4(co.zip)) c.error('company_id', 'billingZipPlus4');
    if (![co.address, co.city, co.state].every((v) => String(v ?? '').trim()))
      c.error('company_id', 'billingAddressRequired');
    if (!professional) {
      // An institutional claim is billed by an institution whose taxonomy fits its type of bill: its facility, or the company.
      const f = refs.facilities.get(Number(claim.facility_id));
      const byFacility = f?.npi ? billingTaxonomyFor(claim.type_of_bill, f.taxonomies ?? []) : undefined;
      if (byFacility && !isZipPlus4(f?.zip)) c.error('facility_id', 'facilityZipPlus4');
      if (!byFacility && !billingTaxonomyFor(claim.type_of_bill, [co.taxonomy]))
        c.error(isFilled(claim.facility_id) ? 'facility_id' : 'company_id', 'institutionalBillingProvider', {
          tob: String(claim.type_of_bill ?? ''),
          groups: institutionGroups(claim.type_of_bill)
            .map((g) => `${g}…`)
            .join(', '),
        });
    }
    // Units limit: the company's service of that procedure caps the units of the claim (all its lines together).
    const limitsByCode = new Map(
      (co.services ?? [])
        .filter((s) => isFilled(s.units_limit))
        .map((s) => [up(s.procedure_code), unitsInThousandths(s.units_limit) ?? 0n]),
    );
    const used = new Map<string, bigint>();
    services.forEach((s, i) => {
      if (!isFilled(s.procedure_code)) return;
      const code = up(s.procedure_code);
      const limit = limitsByCode.get(code);
      if (limit === undefined) return;
      const total = (used.get(code) ?? 0n) + (unitsInThousandths(s.days_or_units) ?? 0n);
      used.set(code, total);
      if (total > limit) c.error(`services.${i}.days_or_units`, 'tooManyUnits', { row: i + 1 });
    });
  }
  // Correct coding: an error on a claim to Medicare or Medicaid, a warning to other payers (many apply the same edits);
  // a claim the patient pays alone has no payer's edits.
  const payers = policyIds.map((id) => codeOf('ins-types', refs.policies.get(Number(id))?.ins_type_id));
  if (payers.length)
    checkCorrectCoding(claim, refs.coding, taxonomy, payers.some((p) => p && NCCI_PAYERS.has(p)) ? c.error : c.warn);
  const duplicate = refs.duplicates.get(key);
  if (duplicate) c.warn('services', 'duplicateClaim', { code: duplicate });
  return { errors: c.errors, warnings: c.warnings };
}
