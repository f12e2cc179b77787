import type { Queryable } from '../db/database.ts';
import type { Claim837I, Claim837P, ClaimCommon837 } from '../../src/domain/x12/claim-837-model.ts';
import { x12Text } from '../../src/domain/x12/x12-writing.ts';

/** A record of ours a claim of a practice's file names. */
export interface Match {
  id: number;
  name: string;
}

/** Everything of ours one claim of the file names, found by the intake; what is missing is made, or stops the claim. */
export interface IntakeMatch {
  /** the patient: by the member id of a policy, else by name and birth date */
  patient?: Match;
  /** the patient's policy with the claim's member id at the claim's payer */
  policyId?: number;
  /** the payer: by payer id (the product's, or this billing company's own id for it) */
  payer?: Match;
  /** the payer's first plan in this billing company (a policy made for a new patient is put under it) */
  planId?: number;
  /** the clinic billing: by the billing provider's NPI, else by its tax id */
  company?: Match;
  /** the billing provider when it is a person of ours (an individual provider billing in the clinic's name) */
  billingProvider?: Match;
  facility?: Match;
  rendering?: Match;
  referring?: Match;
  supervising?: Match;
  /** the other coverages the claim names (loops 2320/2330), in order: each one's payer and, when here, the patient's policy */
  others: Array<{ payer?: Match; planId?: number; policyId?: number }>;
  /** a claim of ours with the practice's claim number, for the same clinic */
  held?: { id: number; code: string; status_id: number };
}

type Read = Claim837P | Claim837I;
const digits = (s: string | undefined) => (s ?? '').replace(/\D/g, '');
const uniq = (xs: Array<string | undefined>) => [...new Set(xs.filter((x): x is string => !!x))];
const nameKey = (last: string, first: string | undefined, dob: string) =>
  `${x12Text(last)}|${x12Text(first ?? '')}|${dob}`;

/** Who the claim is for: the patient when a dependant, else the subscriber. */
export const patientOf = (c: ClaimCommon837) => ({
  party: c.patient?.party ?? c.subscriber.party,
  dateOfBirth: c.patient?.dateOfBirth ?? c.subscriber.dateOfBirth,
  sex: c.patient?.sex ?? c.subscriber.sex,
  address: c.patient?.address ?? c.subscriber.address,
});

/**
 * What of this billing company every claim of a practice's file names, in a fixed handful of statements whatever the
 * file's size: policies by member id, patients by birth date (their names compared as X12 writes them, so Muñoz in
 * our records is MUNOZ in the file), payers by payer id, clinics, providers and facilities by NPI (a clinic by tax id
 * too), payers' plans, and claims of ours by the practice's claim number.
 */
export async function matchClaims(db: Queryable, bc: number, read: Read[]): Promise<IntakeMatch[]> {
  const providerNpis = (c: Read) => {
    const p = c as Partial<Claim837P> & Partial<Claim837I>;
    return [
      c.billingProvider.npi,
      p.renderingProvider?.npi,
      p.referringProvider?.npi,
      p.supervisingProvider?.npi,
      p.attendingProvider?.npi,
      c.serviceFacility?.npi,
    ];
  };
  const npis = uniq(read.flatMap(providerNpis));
  const taxIds = uniq(read.map((c) => digits(c.billingProvider.taxId)));
  const members = uniq(
    read.flatMap((c) => [c.subscriber.memberId, ...(c.otherPayers ?? []).map((o) => o.subscriber.memberId)]),
  );
  const births = uniq(read.map((c) => patientOf(c).dateOfBirth));
  const payerIds = uniq(read.flatMap((c) => [c.payer.payerId, ...(c.otherPayers ?? []).map((o) => o.payer.payerId)]));
  const controls = uniq(read.map((c) => c.patientControlNumber));

  // One after the other: db may be a transaction's client, which runs one statement at a time.
  const byMember = await db.query<{
    id: string;
    policy_number: string;
    insurance_company_id: string;
    patient_id: string;
    name: string;
  }>(
    `select p.id, p.policy_number, p.insurance_company_id, pa.id as patient_id, pa.first_name || ' ' || pa.last_name as name
       from insurance_policies p join patients pa on pa.id = p.patient_id
      where p.billing_company_id = $1 and p.policy_number = any($2::text[]) order by p.id`,
    [bc, members],
  );
  const byBirth = await db.query<{ id: string; first_name: string; last_name: string; dob: string }>(
    `select id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') as dob from patients
      where billing_company_id = $1 and date_of_birth = any($2::date[]) order by id`,
    [bc, births],
  );
  const theirPolicies = await db.query<{
    id: string;
    patient_id: string;
    policy_number: string;
    insurance_company_id: string;
  }>(
    `select id, patient_id, policy_number, insurance_company_id from insurance_policies
      where billing_company_id = $1 and patient_id = any($2::bigint[]) order by id`,
    [bc, byBirth.rows.map((r) => r.id)],
  );
  const parties = await db.query<{ kind: string; id: string; npi: string; tax: string | null; name: string }>(
    `select 'company' as kind, id, npi, regexp_replace(coalesce(ein, tax_id, ''), '\\D', '', 'g') as tax, name from companies
      where billing_company_id = $1 and (npi = any($2::text[]) or regexp_replace(coalesce(ein, tax_id, ''), '\\D', '', 'g') = any($3::text[]))
     union all select 'professional', id, npi, null, first_name || ' ' || last_name from health_professionals
      where billing_company_id = $1 and npi = any($2::text[])
     union all select 'facility', id, npi, null, name from facilities where billing_company_id = $1 and npi = any($2::text[])`,
    [bc, npis, taxIds],
  );
  const payers = await db.query<{ id: string; payer_id: string; name: string }>(
    `select id, payer_id, name from insurance_companies where payer_id = any($1::text[])
     union select ic.id, s.payer_id, ic.name from payer_settings s join insurance_companies ic on ic.id = s.insurance_company_id
      where s.billing_company_id = $2 and s.payer_id = any($1::text[])`,
    [payerIds, bc],
  );
  const plans = await db.query<{ id: string; insurance_company_id: string }>(
    `select distinct on (insurance_company_id) id, insurance_company_id from insurance_plans
      where billing_company_id = $1 and insurance_company_id = any($2::bigint[]) order by insurance_company_id, id`,
    [bc, payers.rows.map((p) => p.id)],
  );
  const held = await db.query<{
    id: string;
    code: string;
    status_id: string;
    company_id: string;
    account: string | null;
    control: string;
  }>(
    `select id, code, status_id, company_id, patient_account_number as account, patient_control_number as control from claims
      where billing_company_id = $1 and (patient_account_number = any($2::text[]) or patient_control_number = any($2::text[]))
      order by id`,
    [bc, controls],
  );

  const named = (r: { id: string; name: string }): Match => ({ id: Number(r.id), name: r.name });
  const first = <K, V>(pairs: Array<[K, V]>) => {
    const m = new Map<K, V>();
    for (const [k, v] of pairs) if (!m.has(k)) m.set(k, v);
    return m;
  };
  const kind = (k: string) => parties.rows.filter((p) => p.kind === k);
  const companyByNpi = first(kind('company').map((p) => [p.npi, named(p)]));
  const companyByTax = first(
    kind('company')
      .filter((p) => p.tax)
      .map((p) => [p.tax!, named(p)]),
  );
  const professional = first(kind('professional').map((p) => [p.npi, named(p)]));
  const facility = first(kind('facility').map((p) => [p.npi, named(p)]));
  const payerOf = first(payers.rows.map((p) => [p.payer_id, named(p)]));
  const planOf = first(plans.rows.map((p) => [Number(p.insurance_company_id), Number(p.id)]));
  const person = first(
    byBirth.rows.map((p) => [
      nameKey(p.last_name, p.first_name, p.dob),
      { id: Number(p.id), name: `${p.first_name} ${p.last_name}` },
    ]),
  );
  const at = (npi: string | undefined, m: Map<string, Match>) => (npi ? m.get(npi) : undefined);
  /** Rows by a key, each key's rows in order: looked up per claim, never searched through. */
  const grouped = <T>(rows: T[], keys: (r: T) => Array<string | null>) => {
    const m = new Map<string, T[]>();
    for (const r of rows)
      for (const k of new Set(keys(r)))
        if (k) {
          if (!m.has(k)) m.set(k, []);
          m.get(k)!.push(r);
        }
    return m;
  };
  const membersByNumber = grouped(byMember.rows, (r) => [r.policy_number]);
  const policiesByMember = grouped([...byMember.rows, ...theirPolicies.rows], (r) => [r.policy_number]);
  const heldByNumber = grouped(held.rows, (h) => [h.account, h.control]);

  return read.map((c) => {
    const p = c as Partial<Claim837P> & Partial<Claim837I>;
    const payer = payerOf.get(c.payer.payerId);
    const who = patientOf(c);
    // A member id names the patient when its policy is at this payer (another payer's member id may be the same).
    const member = membersByNumber.get(c.subscriber.memberId) ?? [];
    const policy = member.find((r) => Number(r.insurance_company_id) === payer?.id) ?? member[0];
    const byName = who.dateOfBirth
      ? person.get(nameKey(who.party.name, who.party.firstName, who.dateOfBirth))
      : undefined;
    const patient = policy ? { id: Number(policy.patient_id), name: policy.name } : byName;
    // A policy of this patient with this member id at this payer: found among those read by member id or by the patient.
    const policyOf = (memberId: string, payerId: number | undefined) =>
      (policiesByMember.get(memberId) ?? []).find(
        (r) => Number(r.insurance_company_id) === payerId && Number(r.patient_id) === patient?.id,
      )?.id;
    const ownPolicy = payer ? policyOf(c.subscriber.memberId, payer.id) : undefined;
    const company = companyByNpi.get(c.billingProvider.npi) ?? companyByTax.get(digits(c.billingProvider.taxId) || '-');
    // The practice's number (kept as the account number) or ours (a file of our own claims sent back).
    const heldClaim = (heldByNumber.get(c.patientControlNumber) ?? []).find(
      (h) => Number(h.company_id) === company?.id,
    );
    const others = (c.otherPayers ?? []).map((o) => {
      const their = payerOf.get(o.payer.payerId);
      const found = their ? policyOf(o.subscriber.memberId, their.id) : undefined;
      return {
        ...(their ? { payer: their } : {}),
        ...(their && planOf.has(their.id) ? { planId: planOf.get(their.id) } : {}),
        ...(found ? { policyId: Number(found) } : {}),
      };
    });
    const out: IntakeMatch = {
      others,
      ...(patient ? { patient } : {}),
      ...(ownPolicy ? { policyId: Number(ownPolicy) } : {}),
      ...(payer ? { payer } : {}),
      ...(payer && planOf.has(payer.id) ? { planId: planOf.get(payer.id) } : {}),
      ...(company ? { company } : {}),
      ...(c.billingProvider.entity === 'person' && professional.has(c.billingProvider.npi)
        ? { billingProvider: professional.get(c.billingProvider.npi) }
        : {}),
      ...(heldClaim
        ? { held: { id: Number(heldClaim.id), code: heldClaim.code, status_id: Number(heldClaim.status_id) } }
        : {}),
    };
    // An institution bills in its own name: its NPI is the facility's.
    const institutional = 'facilityCode' in c;
    const facilityMatch =
      at(c.serviceFacility?.npi, facility) ?? (institutional ? at(c.billingProvider.npi, facility) : undefined);
    if (facilityMatch) out.facility = facilityMatch;
    const rendering = at(p.renderingProvider?.npi ?? p.attendingProvider?.npi, professional);
    if (rendering) out.rendering = rendering;
    const referring = at(p.referringProvider?.npi, professional);
    if (referring) out.referring = referring;
    const supervising = at(p.supervisingProvider?.npi, professional);
    if (supervising) out.supervising = supervising;
    return out;
  });
}
