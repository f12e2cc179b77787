import type { Queryable } from '../db/database.ts';
import {
  checkClaimDocument,
  type ClaimFileCheck,
  type IntakeFinding,
} from '../../src/domain/x12/intake/claim-file-check.ts';
import { claimsOf837, type Form837 } from '../../src/domain/x12/read-837-of.ts';
import { readInterchanges, type X12Document } from '../../src/domain/x12/interchange-reader.ts';
import { matchClaims, patientOf, type IntakeMatch, type Match } from './claim-intake-match.ts';
import type { Claim837I, Claim837P, ClaimCommon837 } from '../../src/domain/x12/claim-837-model.ts';
import { problem } from '../../src/domain/errors/domain-error.ts';
import { errorText, type ErrorCode, type Locale } from '../../src/domain/errors/error-catalogue.ts';

/** The match, when there is one, as the answer carries it (a missing one is left out, never null). */
const matched = (m: Match | undefined) => (m ? { match: m } : {});

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
  /**
   * ready: nothing stops it; fix: findings to fix first (it is imported as a draft); waiting: its payer or clinic is
   * not set up here, so no claim can be made yet; held: already here (an original, not a replacement)
   */
  outcome: 'ready' | 'fix' | 'waiting' | 'held';
  /** what the import uses: the records of ours found */
  matches: IntakeMatch;
  /** what is wrong with the claim, as codes: a claim file keeps them, and each reader reads them in words */
  problems: IntakeFinding[];
}

export interface ClaimFilePreview {
  claims: PreviewedClaim[];
  /** what is wrong with the file itself (its envelope), which stops every claim */
  problems: IntakeFinding[];
  counts: { claims: number; ready: number; fix: number; waiting: number; held: number };
}

/** A finding as a person reads it: where it is, and what is wrong in their language. */
export const words = (f: IntakeFinding, locale: Locale) => ({
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
export async function previewClaimFile(db: Queryable, bc: number, text: string): Promise<ClaimFilePreview> {
  return previewOf(db, bc, x12Source(readInterchanges(text)));
}

/** A file's claims as the intake reads them, whatever the file: each claim with its form, and the check's findings. */
export interface ClaimSource {
  read: Array<{ form: Form837; claim: Claim837P | Claim837I }>;
  checked: ClaimFileCheck;
}

/** An 837's claims and its check (read once for both). */
export const x12Source = (doc: X12Document): ClaimSource => ({
  read: claimsOf837(doc),
  checked: checkClaimDocument(doc),
});

/** The same, of a file's claims already read (the import reads its file once): an 837, or a charge export. */
export async function previewOf(db: Queryable, bc: number, { read, checked }: ClaimSource): Promise<ClaimFilePreview> {
  const matches = await matchClaims(
    db,
    bc,
    read.map((r) => r.claim),
  );
  // The check's claims by number, in order: a claim of the file is its check's (the same number taken in turn).
  const checks = new Map<string, typeof checked.claims>();
  for (const x of checked.claims) {
    if (!checks.has(x.control)) checks.set(x.control, []);
    checks.get(x.control)!.push(x);
  }
  // A file whose envelope is wrong is looked at before any of its claims goes out: none is ready.
  const fileWrong = checked.findings.length > 0;
  const claims = read.map(({ form, claim }, i): PreviewedClaim => {
    const c = claim as ClaimCommon837 & Partial<Claim837P>;
    const m = matches[i];
    const check = checks.get(c.patientControlNumber)?.shift();
    const found = check?.findings ?? [];
    const who = patientOf(c);
    // What this billing company must have before a claim can be made from the file: the payer and the clinic billing.
    const missing: IntakeFinding[] = [];
    const at = { position: check?.position ?? 0, segment: 'NM1', element: 9, claim: c.patientControlNumber };
    if (!m.payer)
      missing.push({
        ...at,
        loop: '2010BB',
        problem: problem('intake_payer_unknown', { payer: c.payer.name, payer_id: c.payer.payerId }),
      });
    if (!m.company)
      missing.push({
        ...at,
        loop: '2010AA',
        problem: problem('intake_billing_provider_unknown', {
          name: c.billingProvider.name,
          npi: c.billingProvider.npi,
        }),
      });
    const replaces = c.frequency === '7' || c.frequency === '8';
    const outcome: PreviewedClaim['outcome'] = missing.length
      ? 'waiting'
      : m.held && !replaces
        ? 'held'
        : found.length || fileWrong
          ? 'fix'
          : 'ready';
    const rendering = c.renderingProvider;
    return {
      control: c.patientControlNumber,
      form,
      frequency: c.frequency,
      charge_cents: c.totalCharge,
      lines: claim.lines.length,
      patient: {
        name: personName(who.party),
        ...(who.dateOfBirth ? { birth_date: who.dateOfBirth } : {}),
        member_id: c.subscriber.memberId,
        ...matched(m.patient),
      },
      payer: { name: c.payer.name, payer_id: c.payer.payerId, ...matched(m.payer) },
      billing_provider: { name: c.billingProvider.name, npi: c.billingProvider.npi, ...matched(m.company) },
      ...(rendering
        ? { rendering_provider: { name: personName(rendering), npi: rendering.npi, ...matched(m.rendering) } }
        : {}),
      ...(c.serviceFacility
        ? {
            facility: {
              name: c.serviceFacility.name,
              npi: c.serviceFacility.npi ?? '',
              ...matched(m.facility),
            },
          }
        : {}),
      ...(m.held ? { held: { id: m.held.id, code: m.held.code } } : {}),
      outcome,
      matches: m,
      problems: [...found, ...missing],
    };
  });
  const count = (o: PreviewedClaim['outcome']) => claims.filter((c) => c.outcome === o).length;
  return {
    claims,
    problems: checked.findings,
    counts: {
      claims: claims.length,
      ready: count('ready'),
      fix: count('fix'),
      waiting: count('waiting'),
      held: count('held'),
    },
  };
}
