import type { Queryable } from '../db/database.ts';
import { checkClaimDocument, type IntakeFinding } from '../../src/domain/x12/intake/claim-file-check.ts';
import { claimsOf837, type Form837 } from '../../src/domain/x12/read-837-of.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import type { Claim837P, ClaimCommon837 } from '../../src/domain/x12/claim-837-model.ts';
import { problem } from '../../src/domain/errors/domain-error.ts';
import { errorText, type ErrorCode, type Locale } from '../../src/domain/errors/error-catalogue.ts';

/** A record of ours a claim of the file names; left out when none is (to be made, or to be fixed first). */
type Match = { id: number; name: string };
/** The match, when there is one, as the answer carries it (a missing one is left out, never null). */
const matched = (m: Match | undefined) => (m ? { match: m } : {});

/** One claim of a practice's file as the preview shows it: what it is, what of ours it names, and what stops it. */
export interface PreviewedClaim {
  control: string;
  form: Form837;
  frequency: string;
  charge_cents: number;
  lines: number;
  patient: { name: string; birth_date?: string; member_id: string; match?: Match };
  payer: { name: string; payer_id: string; match?: Match };
  billing_provider: { name: string; npi: string; match?: Match };
  rendering_provider?: { name: string; npi: string; match?: Match };
  facility?: { name: string; npi: string; match?: Match };
  /** a claim of ours with the same patient control number: the same claim sent twice, or the original a 7/8 replaces */
  held?: { id: number; code: string };
  /** ready: nothing stops it; fix: findings to fix first; held: already here (an original, not a replacement) */
  outcome: 'ready' | 'fix' | 'held';
  findings: Array<{ loop: string; segment: string; element: number | null; position: number; message: string }>;
}

export interface ClaimFilePreview {
  claims: PreviewedClaim[];
  /** what is wrong with the file itself (its envelope), which stops every claim */
  findings: PreviewedClaim['findings'];
  counts: { claims: number; ready: number; fix: number; held: number };
}

const words = (f: IntakeFinding, locale: Locale) => ({
  loop: f.loop,
  segment: f.segment,
  element: f.element ?? null,
  position: f.position,
  message: errorText(f.problem.code as ErrorCode, f.problem.params, locale),
});

const personName = (p: { name: string; firstName?: string }) => [p.firstName, p.name].filter(Boolean).join(' ');

/**
 * What importing a practice's 837 would do, before anything is written: each claim checked (checkClaimFile), and the
 * patient (by member id, else by name and birth date), payer (by payer id), billing and rendering providers and the
 * facility (by NPI) of this billing company it names, and a claim of ours with the same number. A handful of
 * statements for the whole file, whatever its size; nothing is written.
 */
export async function previewClaimFile(
  db: Queryable,
  bc: number,
  text: string,
  locale: Locale = 'en',
): Promise<ClaimFilePreview> {
  const doc = readInterchanges(text);
  const checked = checkClaimDocument(doc);
  const read = claimsOf837(doc);
  const members = [...new Set(read.map((r) => r.claim.subscriber.memberId).filter(Boolean))];
  const npis = [
    ...new Set(
      read.flatMap(({ claim }) => [
        claim.billingProvider.npi,
        (claim as Claim837P).renderingProvider?.npi,
        claim.serviceFacility?.npi,
      ]),
    ),
  ].filter((n): n is string => !!n);
  const payerIds = [...new Set(read.map((r) => r.claim.payer.payerId).filter(Boolean))];
  const controls = [...new Set(read.map((r) => r.claim.patientControlNumber).filter(Boolean))];

  const [policies, people, payers, held] = await Promise.all([
    db.query<{ policy_number: string; patient_id: string; name: string }>(
      `select p.policy_number, pa.id as patient_id, pa.first_name || ' ' || pa.last_name as name
         from insurance_policies p join patients pa on pa.id = p.patient_id
        where p.billing_company_id = $1 and p.policy_number = any($2::text[]) order by p.id`,
      [bc, members],
    ),
    db.query<{ kind: string; id: string; npi: string; name: string }>(
      `select 'company' as kind, id, npi, name from companies where billing_company_id = $1 and npi = any($2::text[])
       union all select 'professional', id, npi, first_name || ' ' || last_name from health_professionals
        where billing_company_id = $1 and npi = any($2::text[])
       union all select 'facility', id, npi, name from facilities where billing_company_id = $1 and npi = any($2::text[])`,
      [bc, npis],
    ),
    db.query<{ id: string; payer_id: string; name: string }>(
      `select id, payer_id, name from insurance_companies where payer_id = any($1::text[])
       union select ic.id, s.payer_id, ic.name from payer_settings s join insurance_companies ic on ic.id = s.insurance_company_id
        where s.billing_company_id = $2 and s.payer_id = any($1::text[])`,
      [payerIds, bc],
    ),
    db.query<{ id: string; code: string; patient_control_number: string }>(
      `select id, code, patient_control_number from claims where billing_company_id = $1 and patient_control_number = any($2::text[])`,
      [bc, controls],
    ),
  ]);
  const memberOf = new Map(policies.rows.map((p) => [p.policy_number, { id: Number(p.patient_id), name: p.name }]));
  const byNpi = (kind: string) =>
    new Map(people.rows.filter((p) => p.kind === kind).map((p) => [p.npi, { id: Number(p.id), name: p.name }]));
  const companies = byNpi('company');
  const professionals = byNpi('professional');
  const facilities = byNpi('facility');
  const payerOf = new Map(payers.rows.map((p) => [p.payer_id, { id: Number(p.id), name: p.name }]));
  const heldOf = new Map(held.rows.map((c) => [c.patient_control_number, { id: Number(c.id), code: c.code }]));

  // The check's claims by number, in order: a claim of the file is its check's (the same number taken in turn).
  const checks = new Map<string, typeof checked.claims>();
  for (const x of checked.claims) checks.set(x.control, [...(checks.get(x.control) ?? []), x]);
  const claims = read.map(({ form, claim }): PreviewedClaim => {
    const c = claim as ClaimCommon837 & Partial<Claim837P>;
    const check = checks.get(c.patientControlNumber)?.shift();
    const found = check?.findings ?? [];
    const who = c.patient?.party ?? c.subscriber.party;
    const birth = c.patient?.dateOfBirth ?? c.subscriber.dateOfBirth;
    const patient = memberOf.get(c.subscriber.memberId);
    const payer = payerOf.get(c.payer.payerId);
    const billing = companies.get(c.billingProvider.npi);
    const rendering = c.renderingProvider;
    const heldClaim = heldOf.get(c.patientControlNumber);
    // What this billing company must have before a claim can be made from the file: the payer and the clinic billing.
    const missing: IntakeFinding[] = [];
    const at = { position: check?.position ?? 0, segment: 'NM1', element: 9, claim: c.patientControlNumber };
    if (!payer)
      missing.push({
        ...at,
        loop: '2010BB',
        problem: problem('intake_payer_unknown', { payer: c.payer.name, payer_id: c.payer.payerId }),
      });
    if (!billing)
      missing.push({
        ...at,
        loop: '2010AA',
        problem: problem('intake_billing_provider_unknown', {
          name: c.billingProvider.name,
          npi: c.billingProvider.npi,
        }),
      });
    const all = [...found, ...missing];
    const replaces = c.frequency === '7' || c.frequency === '8';
    return {
      control: c.patientControlNumber,
      form,
      frequency: c.frequency,
      charge_cents: c.totalCharge,
      lines: claim.lines.length,
      patient: {
        name: personName(who),
        ...(birth ? { birth_date: birth } : {}),
        member_id: c.subscriber.memberId,
        ...matched(patient),
      },
      payer: { name: c.payer.name, payer_id: c.payer.payerId, ...matched(payer) },
      billing_provider: { name: c.billingProvider.name, npi: c.billingProvider.npi, ...matched(billing) },
      ...(rendering
        ? {
            rendering_provider: {
              name: personName(rendering),
              npi: rendering.npi,
              ...matched(professionals.get(rendering.npi)),
            },
          }
        : {}),
      ...(c.serviceFacility
        ? {
            facility: {
              name: c.serviceFacility.name,
              npi: c.serviceFacility.npi ?? '',
              ...matched(facilities.get(c.serviceFacility.npi ?? '')),
            },
          }
        : {}),
      ...(heldClaim ? { held: heldClaim } : {}),
      outcome: all.length ? 'fix' : heldClaim && !replaces ? 'held' : 'ready',
      findings: all.map((f) => words(f, locale)),
    };
  });
  const count = (o: PreviewedClaim['outcome']) => claims.filter((c) => c.outcome === o).length;
  return {
    claims,
    findings: checked.findings.map((f) => words(f, locale)),
    counts: { claims: claims.length, ready: count('ready'), fix: count('fix'), held: count('held') },
  };
}
