import type { Queryable } from '../db/database.ts';
import { insertRows, type seeded } from './demo-rows.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

// Why payers deny, as a collector meets them most: medical necessity, bundled, missing information,
// timely filing, no authorization, not covered, frequency.
export const DENIALS = [
  ['CO-50'],
  ['CO-97'],
  ['CO-16'],
  ['CO-29'],
  ['CO-197'],
  ['PR-204'],
  ['CO-151'],
  ['CO-96'],
  ['CO-16', 'CO-97'],
];
const REPS = ['Dana', 'Marcus', 'Priya', 'Luis', 'Janet', 'Omar'];
const CALL_NOTES = [
  'Payer needs medical records; sent by fax',
  'Denial upheld on first call; appeal with notes',
  'Claim sent to reprocess; allow 30 days',
  'Missing referring provider NPI; correct and resubmit',
  'Authorization on file for a different date; request retro auth',
];

/**
 * A billing company's denial worklist: its Rejected and Denied demo claims (when and why the clearing house
 * or the payer said so is on them already) carry a department and a follow-up date for
 * most; the latest four have a follow-up call recorded in their history, as a collector leaves them.
 * SQL only, in a few statements.
 */
export async function loadDemoDenials(
  tx: Queryable,
  r: ReturnType<typeof seeded>,
  p: { billingCompanyId: number },
): Promise<void> {
  const claims = (
    await tx.query<{ id: string; status_id: number; dos: string; denied: string | null; policy: string | null }>(
      `select id, status_id, to_char(date_of_service, 'YYYY-MM-DD') as dos, to_char(denied_at, 'YYYY-MM-DD') as denied, (insurance_policy_ids->>0) as policy from claims
      where billing_company_id = $1 and status_id in (${CLAIM_STATUS.REJECTED}, ${CLAIM_STATUS.DENIED}) order by date_of_service, id`,
      [p.billingCompanyId],
    )
  ).rows;
  if (!claims.length) return;
  const today = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const plus = (iso: string, days: number) => {
    const d = new Date(`${iso}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d > today ? day(today) : day(d);
  };
  const marks = claims.map((c) => ({
    id: Number(c.id),
    denied_at: c.denied ?? plus(c.dos, r.int(25, 60)),
    codes: Number(c.status_id) === CLAIM_STATUS.DENIED ? r.pick(DENIALS) : null,
    department: r.int(1, 3),
    follow_up: r.chance(0.7) ? plus(day(today), r.int(-10, 21)) : null,
  }));
  await tx.query(
    `update claims c set denied_at = coalesce(c.denied_at, x.denied_at), denial_codes = coalesce(c.denial_codes, x.codes), department_responsibility_id = x.department, follow_up_date = x.follow_up
       from jsonb_to_recordset($1::jsonb) as x(id bigint, denied_at date, codes jsonb, department int, follow_up date) where c.id = x.id`,
    [JSON.stringify(marks)],
  );
  // The collectors' calls are about the latest denials and rejections: older ones were settled (appealed, or written off).
  const called = claims.filter((c) => c.policy).slice(-4);
  const said = called.map(() => r.pick(CALL_NOTES));
  const notes = await insertRows(
    tx,
    'claim_notes',
    called.map((c, i) => ({
      billing_company_id: p.billingCompanyId,
      claim_id: Number(c.id),
      kind: 'tracking',
      status_id: Number(c.status_id),
      note: said[i],
      details: { payer_claim_number: `ICN${String(c.id).padStart(10, '0')}`, interface_type: 'call' },
    })),
  );
  await insertRows(
    tx,
    'denial_trackings',
    called.map((c, i) => {
      const m = marks.find((x) => x.id === Number(c.id))!;
      return {
        billing_company_id: p.billingCompanyId,
        claim_id: Number(c.id),
        claim_number: `ICN${String(c.id).padStart(10, '0')}`,
        interface_type: r.pick(['call', 'call', 'website', 'email']),
        is_reprocess_claim: r.chance(0.3),
        is_contact_to_patient: false,
        rep_name: r.pick(REPS),
        ref_number: `R${r.digits(7)}`,
        claim_status: Number(c.status_id),
        tracking_date: plus(m.denied_at, r.int(2, 10)),
        follow_up: m.follow_up,
        department_responsible: m.department,
        policy_responsible: Number(c.policy),
        tracking_note: said[i],
        claim_note_id: notes[i],
      };
    }),
  );
}
