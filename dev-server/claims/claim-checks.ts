import type { Queryable } from '../db/database.ts';
import { isNpi, isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { claimTotals, unitsInThousandths } from '../../src/domain/claims/claim-amounts.ts';
import { claimMessage, type ClaimMessage } from '../../src/domain/claims/claim-messages.ts';
import { isFilled, isProfessional, type ClaimErrors } from '../../src/domain/claims/claim-rules.ts';
import revenueCodes from '../../schemas/lists/revenue-codes.json' with { type: 'json' };
import relationships from '../../schemas/lists/relationships.json' with { type: 'json' };

type Row = Record<string, unknown>;
const iso = (v: unknown) => (typeof v === 'string' && isUsDate(v) ? usDateToIso(v) : null);
const REVENUE = new Set(revenueCodes.items.map((i) => i.id));
/** Relationship codes an 837 5010 accepts for a patient who is not the subscriber (loop 2000C PAT01). */
const X12_RELATIONSHIPS = new Set(['01', '19', '20', '21', '39', '40', '53', 'G8']);

export interface CheckResult { errors: ClaimErrors; warnings: ClaimErrors }

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

/**
 * The rules of document 3 §5 that read other rows, and what an 837 receiver needs of them: codes exist
 * and are effective on the date of service, the patient's policies are effective and not repeated,
 * units within the company's limit, providers with valid NPIs (and taxonomy where the 837I needs
 * it), subscriber relationships an 837 accepts. One query per kind, never one per line. Likely
 * duplicates are warnings: they do not stop a claim, they make someone look.
 */
export async function storedClaimChecks(tx: Queryable, claim: Row & { billing_company_id: number; id?: number }): Promise<CheckResult> {
  const c = collector();
  const services = (claim.services as Row[] | undefined) ?? [];
  const diagnoses = (claim.diagnoses as Row[] | undefined) ?? [];
  const { dateOfService, lastDate } = claimTotals(services);
  const dos = dateOfService ? usDateToIso(dateOfService) : null;
  const last = lastDate ? usDateToIso(lastDate) : dos;
  const professional = isProfessional(claim);
  const up = (v: unknown) => String(v).trim().toUpperCase();

  const dxCodes = [...new Set(diagnoses.filter((d) => isFilled(d.code)).map((d) => up(d.code).replace('.', '')))];
  const procCodes = [...new Set(services.filter((s) => isFilled(s.procedure_code)).map((s) => up(s.procedure_code)))];
  const modCodes = [...new Set(services.flatMap((s) => (Array.isArray(s.modifiers) ? s.modifiers : []).map(up)))];
  const policyIds = (Array.isArray(claim.insurance_policy_ids) ? claim.insurance_policy_ids : []) as number[];
  const providerIds = ['billing_provider_id', 'attending_provider_id', 'referring_provider_id', 'supervising_provider_id', 'operating_provider_id']
    .filter((f) => isFilled(claim[f])).map((f) => Number(claim[f]));

  const [dx, proc, mod, policies, providers, company] = await Promise.all([
    tx.query<{ code: string; start_date: string | null; end_date: string | null }>(
      `select upper(replace(code, '.', '')) as code, start_date::text, end_date::text from diagnoses where upper(replace(code, '.', '')) = any($1::text[]) and active is not false`, [dxCodes]),
    tx.query<{ code: string; start_date: string | null; end_date: string | null }>(
      `select upper(code) as code, start_date::text, end_date::text from procedures where upper(code) = any($1::text[]) and status is not false`, [procCodes]),
    tx.query<{ code: string; start_date: string | null; end_date: string | null }>(
      `select upper(code) as code, start_date::text, end_date::text from modifiers where upper(code) = any($1::text[]) and active is not false`, [modCodes]),
    tx.query<{ id: number; patient_id: number; policy_number: string; type_responsibility_id: number; eff_date: string | null; end_date: string | null; own_insurance: boolean | null; subscriber: Row | null }>(
      `select id, patient_id, policy_number, type_responsibility_id, eff_date::text, end_date::text, own_insurance, subscriber from insurance_policies where id = any($1::bigint[]) and billing_company_id = $2`,
      [policyIds, claim.billing_company_id]),
    tx.query<{ id: number; npi: string | null; taxonomy: string | null }>(`select id, npi, taxonomy from health_professionals where id = any($1::bigint[])`, [providerIds]),
    tx.query<{ npi: string | null; tax_id: string | null; ein: string | null; taxonomy: string | null; services: Row[] | null }>(
      'select npi, tax_id, ein, taxonomy, services from companies where id = $1', [claim.company_id ?? 0]),
  ]);

  // Codes exist and are effective on the date the line (or the claim) was served.
  const byCode = <T extends { code: string }>(rows: T[]) => new Map(rows.map((r) => [r.code, r]));
  const dxRows = byCode(dx.rows);
  diagnoses.forEach((d, i) => {
    if (!isFilled(d.code)) return;
    const row = dxRows.get(up(d.code).replace('.', ''));
    if (!row) c.error(`diagnoses.${i}.code`, 'diagnosisNotFound');
    else if (!effective(row, dos)) c.error(`diagnoses.${i}.code`, 'codeNotEffective', { code: String(d.code) });
  });
  const procRows = byCode(proc.rows);
  const modRows = byCode(mod.rows);
  services.forEach((s, i) => {
    const day = iso(s.from_service) ?? dos;
    if (isFilled(s.procedure_code)) {
      const row = procRows.get(up(s.procedure_code));
      if (!row) c.error(`services.${i}.procedure_code`, 'procedureNotFound');
      else if (!effective(row, day)) c.error(`services.${i}.procedure_code`, 'codeNotEffective', { code: up(s.procedure_code) });
    }
    for (const m of (Array.isArray(s.modifiers) ? s.modifiers : []).map(up)) {
      const row = modRows.get(m);
      if (!row) c.error(`services.${i}.modifiers`, 'modifierNotFound');
      else if (!effective(row, day)) c.error(`services.${i}.modifiers`, 'codeNotEffective', { code: m });
    }
    if (isFilled(s.revenue_code) && !REVENUE.has(String(s.revenue_code))) c.error(`services.${i}.revenue_code`, 'revenueNotFound');
  });

  // Policies: the patient's own, one per responsibility, in force on every date of service.
  const seenTypes = new Set<number>();
  for (const p of policies.rows) {
    if (Number(p.patient_id) !== Number(claim.patient_id)) { c.error('insurance_policy_ids', 'policyOfOtherPatient'); continue; }
    if (seenTypes.has(p.type_responsibility_id)) c.error('insurance_policy_ids', 'policyTypeRepeated');
    seenTypes.add(p.type_responsibility_id);
    if (dos && ((p.eff_date && p.eff_date > dos) || (p.end_date && last && p.end_date < last))) c.error('insurance_policy_ids', 'policyNotEffective', { policy_number: p.policy_number });
    if (p.own_insurance === false && !X12_RELATIONSHIPS.has(String(p.subscriber?.relationship_code ?? relationshipCode(p.subscriber?.relationship_id)))) {
      c.error('insurance_policy_ids', 'subscriberRelationship', { policy_number: p.policy_number });
    }
  }
  if (policies.rows.length !== policyIds.length) c.error('insurance_policy_ids', 'policyOfOtherPatient');

  // Providers: an NPI whose check digit holds (NM109 is refused otherwise).
  const byId = new Map(providers.rows.map((p) => [Number(p.id), p]));
  for (const f of ['billing_provider_id', 'attending_provider_id', 'referring_provider_id', 'supervising_provider_id', 'operating_provider_id']) {
    if (!isFilled(claim[f])) continue;
    const p = byId.get(Number(claim[f]));
    if (p && (!p.npi || !isNpi(p.npi))) c.error(f, 'providerNpiInvalid');
  }
  const co = company.rows[0];
  if (co) {
    if (!isFilled(claim.billing_provider_id) && (!co.npi || !isNpi(co.npi))) c.error('company_id', 'providerNpiInvalid');
    if (!co.tax_id && !co.ein) c.error('company_id', 'billingTaxIdRequired');
    const billingTaxonomy = isFilled(claim.billing_provider_id) ? byId.get(Number(claim.billing_provider_id))?.taxonomy : co.taxonomy;
    if (!professional && !billingTaxonomy && !co.taxonomy) c.error('company_id', 'billingTaxonomyRequired');
    // Units limit: the company's service of that procedure caps the units of the claim (all its lines together).
    const limitsByCode = new Map((co.services ?? []).filter((s) => isFilled(s.units_limit)).map((s) => [up(s.procedure_code), unitsInThousandths(s.units_limit) ?? 0n]));
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

  // A likely duplicate: another claim of the same patient, date of service, attending provider and a shared procedure.
  if (dos && procCodes.length && isFilled(claim.attending_provider_id)) {
    const dup = await tx.query<{ code: string }>(
      `select c.code from claims c where c.billing_company_id = $1 and c.patient_id = $2 and c.date_of_service = $3 and c.attending_provider_id = $4 and c.id <> $5
         and exists (select 1 from claim_services s where s.claim_id = c.id and s.billing_company_id = $1 and upper(s.procedure_code) = any($6::text[])) limit 1`,
      [claim.billing_company_id, claim.patient_id, dos, claim.attending_provider_id, claim.id ?? 0, procCodes]);
    if (dup.rows[0]) c.warn('services', 'duplicateClaim', { code: dup.rows[0].code });
  }
  return { errors: c.errors, warnings: c.warnings };
}

/** The X12 code of a relationship picked from the list (relationships.json ids carry the code). */
function relationshipCode(id: unknown): string {
  const item = (relationships.items as Array<{ id: unknown; code?: string }>).find((r) => r.id === id);
  return item?.code ?? '';
}
