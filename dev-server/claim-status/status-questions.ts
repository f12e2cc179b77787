import { x12Name } from '../../src/domain/x12/x12-writing.ts';
import type { Queryable } from '../db/database.ts';
import type { IsoDate } from '../../src/domain/formats.ts';
import { inquiredPerson } from '../eligibility/eligibility-questions.ts';
import type { ClaimStatusInquiry } from '../../src/domain/x12/claim-status-276-writer.ts';
import { BILLED_POLICY } from '../eligibility/eligibility-sources.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

const UNSENT: number[] = [CLAIM_STATUS.DRAFT, CLAIM_STATUS.NOT_SUBMITTED];

interface ClaimRow {
  id: string;
  status_id: string;
  trace: string;
  charge: string;
  dos: string | null;
  last_day: string | null;
  payer_name: string | null;
  payer_id: string | null;
  policy_number: string | null;
  own_insurance: boolean | null;
  subscriber: { first_name?: string; last_name?: string; date_of_birth?: string; sex?: string } | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  sex: string | null;
  clinic: string | null;
  npi: string | null;
  payer_claim_number: string | null;
}

/**
 * The 276 questions about claims of one billing company, two statements whatever their number: each claim by the
 * number its 837 sent (CLM01, the trace its 277 answers by), its charge and service dates, the billed policy's member
 * and the payer's claim number when the payer gave one; grouped into one inquiry per payer and clinic. A claim that
 * cannot be asked (self pay, a payer without an id, a clinic without an NPI) says why.
 */
export async function statusInquiries(
  db: Queryable,
  bc: number,
  claimIds: number[],
  submitter: { name: string; id: string },
): Promise<{
  inquiries: ClaimStatusInquiry[];
  claimOf: Map<string, number>;
  failed: Array<{ id: number; error: string }>;
}> {
  const rows = (
    await db.query<ClaimRow>(
      `select c.id, c.status_id, coalesce(nullif(c.patient_control_number, ''), c.code) as trace, c.billed_amount as charge,
              c.date_of_service::text as dos, (select max(s.to_service)::text from claim_services s where s.claim_id = c.id) as last_day,
              ic.name as payer_name, coalesce(nullif(ps.payer_id, ''), nullif(ic.payer_id, '')) as payer_id,
              p.policy_number, p.own_insurance, p.subscriber, pa.first_name, pa.last_name, pa.date_of_birth::text, pa.sex, co.name as clinic, co.npi,
              (select n.details->>'payer_claim_number' from claim_notes n
                where n.claim_id = c.id and coalesce(n.details->>'payer_claim_number', '') <> '' order by n.id desc limit 1) as payer_claim_number
         from claims c
         join patients pa on pa.id = c.patient_id
         left join companies co on co.id = c.company_id
         left join insurance_policies p on p.id = ${BILLED_POLICY}
         left join insurance_companies ic on ic.id = p.insurance_company_id
         left join payer_settings ps on ps.insurance_company_id = ic.id and ps.billing_company_id = c.billing_company_id
        where c.billing_company_id = $1 and c.id = any($2::bigint[]) order by c.id`,
      [bc, claimIds],
    )
  ).rows;
  const failed: Array<{ id: number; error: string }> = [];
  const groups = new Map<string, ClaimStatusInquiry>();
  const claimOf = new Map<string, number>();
  for (const r of rows) {
    const id = Number(r.id);
    // A payer knows only what it was sent: a claim still being written or not yet sent is not asked about.
    if (UNSENT.includes(Number(r.status_id))) {
      failed.push({ id, error: 'The claim has not been sent to the payer yet.' });
      continue;
    }
    if (!r.policy_number) failed.push({ id, error: 'The claim has no policy to ask about.' });
    else if (!r.payer_id) failed.push({ id, error: `${r.payer_name} has no payer id.` });
    else if (!r.npi) failed.push({ id, error: "The claim's company has no NPI to ask as." });
    if (!r.policy_number || !r.payer_id || !r.npi || !r.dos) continue;
    const key = `${r.payer_id}|${r.npi}`;
    const inquiry = groups.get(key) ?? {
      // BHT03: the inquiry's own reference, which the 277 echoes (the first claim's trace: unique to this question).
      reference: r.trace,
      payer: { name: x12Name(r.payer_name), id: r.payer_id },
      submitter,
      provider: { name: x12Name(r.clinic), npi: r.npi },
      claims: [],
    };
    groups.set(key, inquiry);
    const s = r.own_insurance === false ? r.subscriber : null;
    const patient = inquiredPerson(r);
    inquiry.claims.push({
      trace: r.trace,
      payerClaimNumber: r.payer_claim_number ?? undefined,
      chargeCents: Number(r.charge ?? 0),
      serviceFrom: r.dos as IsoDate,
      serviceTo: (r.last_day ?? r.dos) as IsoDate,
      // A dependent's claim is asked under the patient (2000E), its subscriber named above it with the birth date on file.
      subscriber: s ? inquiredPerson(s, r.policy_number) : { ...patient, memberId: r.policy_number },
      ...(s ? { patient } : {}),
    });
    claimOf.set(r.trace, id);
  }
  return { inquiries: [...groups.values()], claimOf, failed };
}
