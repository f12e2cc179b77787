import { asOf } from '../db/as-of.ts';
import { refileClaim } from '../denials/refile.ts';
import type { ClaimToRemit, LineToRemit } from '../../src/domain/x12/era-835-writer.ts';
import type { Adjustment } from '../../src/domain/x12/era-835-model.ts';
import type { DemoCompanyDay, DemoContext } from './demo-era-intake.ts';
import type { seeded } from './demo-rows.ts';
import { CLAIM_STATUS, REFILE_TYPE } from '../../src/generated/ids.ts';

const DAY = 86_400_000;

/** A line of a claim with what the primary left the patient on it (a claim-level share has no line). */
export interface SharedLine {
  id: number | null;
  procedure_code: string | null;
  from_service: LineToRemit['date'];
  line_charge: number;
  left: number;
}

/**
 * The claims whose primary payer left a patient share and which carry a second policy, refiled to the
 * secondary through the product's refile (as a biller does, a day to three after the primary's
 * payment was posted). Answers each claim with the moment it is ready to go out again; a claim whose
 * refiling day has not come yet is left Approved, ready to bill the secondary, on the worklist.
 */
export async function refileToSecondaries({
  ctx,
  actor,
  bc,
  paidOn,
  r,
  today,
}: DemoCompanyDay): Promise<Array<{ id: number; ready: number }>> {
  const ready = (
    await ctx.db.query<{ id: string }>(
      `select c.id from claims c where c.billing_company_id = $1 and c.status_id = $2 and coalesce(c.billed_responsibility, 'P') = 'P'
        and jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 1
        and exists (select 1 from payment_services p where p.billing_company_id = $1 and p.claim_id = c.id and p.next_responsibility = 'S') order by c.id`,
      [bc, CLAIM_STATUS.APPROVED],
    )
  ).rows.map((x) => Number(x.id));
  const out: Array<{ id: number; ready: number }> = [];
  for (const id of ready) {
    const on = (paidOn.get(id) ?? today.getTime()) + r.int(1, 3) * DAY;
    if (on >= today.getTime() - 3_600_000) continue;
    await refileClaim(
      { ...ctx, db: asOf(ctx.db, new Date(on)) },
      actor,
      {
        claim_id: id,
        refile_type: REFILE_TYPE.SECONDARY,
        refile_reason: '01',
        note: "Primary paid; the patient's share to the secondary",
      },
      'en',
    );
    out.push({ id, ready: on + 2 * 3_600_000 });
  }
  return out;
}

/** What the primary left the patient, line by line (a claim paid as a whole: one share without a line), for claims: the postings paid as primary (a patient's own payment is paid as no payer). The lines' reads lead with the claim, as the postings' index does. */
export async function primaryShares(ctx: DemoContext, bc: number, ids: number[]): Promise<Map<number, SharedLine[]>> {
  const rows = (
    await ctx.db.query<{
      claim_id: string;
      id: string | null;
      procedure_code: string | null;
      from_service: LineToRemit['date'];
      line_charge: string;
      left: string;
    }>(
      `select s.claim_id, s.id, s.procedure_code, s.from_service::text as from_service, s.line_charge,
            coalesce((select sum(p.patient_responsibility) from payment_services p where p.billing_company_id = $1 and p.claim_id = s.claim_id and p.claim_service_id = s.id and p.paid_as = 'P'), 0) as left
       from claim_services s where s.billing_company_id = $1 and s.claim_id = any($2::bigint[])
     union all
     select p.claim_id, null, null, null, 0, sum(p.patient_responsibility) from payment_services p
      where p.billing_company_id = $1 and p.claim_id = any($2::bigint[]) and p.claim_service_id is null and p.paid_as = 'P' group by p.claim_id
     order by 1, 2 nulls last`,
      [bc, ids],
    )
  ).rows;
  const out = new Map<number, SharedLine[]>();
  for (const x of rows)
    out.set(Number(x.claim_id), [
      ...(out.get(Number(x.claim_id)) ?? []),
      {
        id: x.id === null ? null : Number(x.id),
        procedure_code: x.procedure_code,
        from_service: x.from_service,
        line_charge: Number(x.line_charge),
        left: Number(x.left),
      },
    ]);
  return out;
}

/**
 * A claim as its secondary payer remits it (CLP02 2): the primary's adjudication restated as CO-23
 * (what the primary paid and wrote off), and of the share the primary left the patient, all paid (a
 * supplement, a spouse's plan covering the coinsurance) or most of it, the rest coinsurance again
 * (PR-2). By line when the primary paid by line, as a whole claim otherwise.
 */
export function secondaryRemitOf(
  base: Pick<ClaimToRemit, 'patientControlNumber' | 'payerControlNumber' | 'patient' | 'from'>,
  lines: SharedLine[],
  r: ReturnType<typeof seeded>,
): ClaimToRemit {
  const paysBp = r.chance(0.6) ? 10000 : 8000;
  const charge = lines.reduce((n, l) => n + l.line_charge, 0);
  const split = (amount: number, left: number): { paid: number; adjustments: Adjustment[]; rest: number } => {
    const paid = Math.round((left * paysBp) / 10000);
    const adjustments: Adjustment[] = [];
    if (amount - left > 0) adjustments.push({ group: 'CO', reason: '23', amount: amount - left });
    if (left - paid > 0) adjustments.push({ group: 'PR', reason: '2', amount: left - paid });
    return { paid, adjustments, rest: left - paid };
  };
  if (lines.every((l) => l.id !== null && l.procedure_code)) {
    const remitted = lines.map((l) => ({ l, s: split(l.line_charge, l.left) }));
    return {
      ...base,
      status: '2',
      charge,
      paid: remitted.reduce((n, x) => n + x.s.paid, 0),
      patientResponsibility: remitted.reduce((n, x) => n + x.s.rest, 0),
      lines: remitted.map(
        ({ l, s }): LineToRemit => ({
          procedure: l.procedure_code!,
          charge: l.line_charge,
          paid: s.paid,
          date: l.from_service,
          adjustments: s.adjustments,
        }),
      ),
    };
  }
  const whole = split(
    charge,
    lines.reduce((n, l) => n + l.left, 0),
  );
  return {
    ...base,
    status: '2',
    charge,
    paid: whole.paid,
    patientResponsibility: whole.rest,
    adjustments: whole.adjustments,
    lines: [],
  };
}
