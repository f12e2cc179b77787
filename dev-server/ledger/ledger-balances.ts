import type { Queryable } from '../db/database.ts';
import { PAYMENT_SOURCE } from '../../src/generated/ids.ts';

/**
 * What each patient owes, split by who owes it, from the rows it comes from — one statement for a
 * page of patients (never a query per patient):
 *   charges      the claims' service lines (to insurance when the claim names a policy, else to the patient)
 *   insurance    − paid − adjustments other than PR (CO-45…) − patient responsibility (moved to the patient);
 *                a denial's adjustments (CLP02 4) leave the balance open: it is appealed, refiled or written off
 *   patient      + patient responsibility − what the patient paid (a patient posting carries −X;
 *                what a patient's payment left unapplied is a credit on the account)
 *   secondary    a payer paying as secondary or tertiary pays part of what the patient was left: its payment
 *                and its own adjustments come off the patient's share, and what it restates of the payers
 *                before it (CARC 23, their adjudication; its PR, the share that remains) moves nothing again
 *   both sides   − write-offs + refunds (ledger entries, append-only)
 * Reversed postings carry their opposite amounts, so a plain sum is the live figure.
 */
export interface PatientBalance {
  patient_id: number;
  charges: number;
  insurance_paid: number;
  adjustments: number;
  patient_responsibility: number;
  patient_paid: number;
  write_offs: number;
  refunds: number;
  insurance_balance: number;
  patient_balance: number;
  balance: number;
}

/** An adjustment a of a posting that is the payer's own (CARC 23 restates the prior payers' adjudication). */
export const OWN_ADJUSTMENT_SQL = `a->>'reason' <> '23'`;
/**
 * Non-PR adjustment cents of a posting row p (PR is carried as the row's patient_responsibility).
 * CARC 23 (the impact of prior payers' adjudication) is a secondary's restatement of what the payers
 * before it paid and adjusted: never a write-off of its own.
 */
export const ADJUSTMENTS_SQL = `(select coalesce(sum((a->>'amount')::bigint), 0) from jsonb_array_elements(coalesce(p.adjustments, '[]'::jsonb)) a where a->>'group' <> 'PR' and ${OWN_ADJUSTMENT_SQL})`;
/** A posting row p not reversed (and not a reversal itself): what a payment still pays. */
export const LIVE_POSTING =
  'p.reverses_id is null and not exists (select 1 from payment_services x where x.reverses_id = p.id)';
/** A posting row p of a claim the payer denied (CLP02 4): its adjustments say why, they do not settle the balance. */
export const DENIAL_SQL = `coalesce(p.claim_status, '') = '4'`;
/** A posting row p paid by a payer after the first (the claim billed to its secondary or tertiary). */
export const LATER_PAYER_SQL = `coalesce(p.paid_as, 'P') <> 'P'`;
/**
 * What a posting row p changes in the patient's share: a first payer's PR (or a patient's payment,
 * carried as −X); a later payer's payment and its own adjustments, which come off the share the
 * patient was left (a denial's adjustments excepted). The one rule every balance, aging and "what the
 * patient owes" reads.
 */
export const PATIENT_SHARE_SQL = `(case when ${LATER_PAYER_SQL} then -(p.paid + case when ${DENIAL_SQL} then 0 else ${ADJUSTMENTS_SQL} end) else p.patient_responsibility end)`;
/** A posting row p is the patient's own payment (source 1) rather than a payer's. Every read leads with the billing company: the tables' indexes do. */
export const PATIENT_SOURCE_SQL = `(select y.source_id = ${PAYMENT_SOURCE.PATIENT} from payments y where y.id = p.payment_id)`;

export async function patientBalances(
  db: Queryable,
  patientIds: number[],
  claimId?: number,
): Promise<Map<number, PatientBalance>> {
  const out = new Map<number, PatientBalance>();
  if (!patientIds.length) return out;
  const claimFilter = claimId === undefined ? '' : ' and c.id = $2';
  const params: unknown[] = claimId === undefined ? [patientIds] : [patientIds, claimId];
  const rows = (
    await db.query<Record<string, string>>(
      `with pt as (select p.id, p.billing_company_id as bc from patients p where p.id = any($1::bigint[])),
          cl as (select c.id, c.patient_id, pt.bc, jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 as insured
                   from pt join claims c on c.billing_company_id = pt.bc and c.patient_id = pt.id${claimFilter}),
          ch as (select cl.patient_id, sum(s.line_charge) filter (where cl.insured) as ins, sum(s.line_charge) filter (where not cl.insured) as pat
                   from cl join claim_services s on s.billing_company_id = cl.bc and s.claim_id = cl.id group by cl.patient_id),
          po as (select cl.patient_id,
                        sum(p.paid) filter (where not ${PATIENT_SOURCE_SQL}) as paid,
                        sum(${ADJUSTMENTS_SQL}) filter (where not ${PATIENT_SOURCE_SQL} and not ${DENIAL_SQL}) as adj,
                        sum(${PATIENT_SHARE_SQL}) filter (where not ${PATIENT_SOURCE_SQL}) as pr,
                        -sum(p.patient_responsibility) filter (where ${PATIENT_SOURCE_SQL}) as pat_paid
                   from cl join payment_services p on p.billing_company_id = cl.bc and p.claim_id = cl.id group by cl.patient_id),
          le as (select e.patient_id,
                        sum(e.amount) filter (where e.kind = 'write_off' and e.responsibility = 'insurance') as wo_ins,
                        sum(e.amount) filter (where e.kind = 'write_off' and e.responsibility = 'patient') as wo_pat,
                        sum(e.amount) filter (where e.kind = 'refund' and e.responsibility = 'insurance') as rf_ins,
                        sum(e.amount) filter (where e.kind = 'refund' and e.responsibility = 'patient') as rf_pat
                   from pt join ledger_entries e on e.billing_company_id = pt.bc and e.patient_id = pt.id${claimId === undefined ? '' : ' and e.claim_id = $2'} group by e.patient_id),
          un as (select y.patient_id, sum(y.amount - coalesce(y.distributed, 0)) as unapplied from pt join payments y on y.billing_company_id = pt.bc and y.patient_id = pt.id
                  where y.source_id = ${PAYMENT_SOURCE.PATIENT}${claimId === undefined ? '' : ' and false'} group by y.patient_id)
     select x.id as patient_id, ch.ins, ch.pat, po.paid, po.adj, po.pr, coalesce(po.pat_paid, 0) + coalesce(un.unapplied, 0) as pat_paid, le.wo_ins, le.wo_pat, le.rf_ins, le.rf_pat
       from unnest($1::bigint[]) as x(id) left join ch on ch.patient_id = x.id left join po on po.patient_id = x.id left join le on le.patient_id = x.id left join un on un.patient_id = x.id`,
      params,
    )
  ).rows;
  for (const r of rows) {
    const n = (k: string) => Number(r[k] ?? 0);
    const insurance = n('ins') - n('paid') - n('adj') - n('pr') - n('wo_ins') + n('rf_ins');
    const patient = n('pat') + n('pr') - n('pat_paid') - n('wo_pat') + n('rf_pat');
    out.set(Number(r.patient_id), {
      patient_id: Number(r.patient_id),
      charges: n('ins') + n('pat'),
      insurance_paid: n('paid'),
      adjustments: n('adj'),
      patient_responsibility: n('pr'),
      patient_paid: n('pat_paid'),
      write_offs: n('wo_ins') + n('wo_pat'),
      refunds: n('rf_ins') + n('rf_pat'),
      insurance_balance: insurance,
      patient_balance: patient,
      balance: insurance + patient,
    });
  }
  return out;
}
