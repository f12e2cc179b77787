import type { Queryable } from '../db/database.ts';
import { claimCode, claimTotals, lineCharge, pastDueDate } from '../../src/domain/claims/claim-amounts.ts';
import { insertRows, type seeded } from './demo-rows.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';
import { HISTORY_WORDS, historyNote } from '../../src/domain/history-notes.ts';

type Random = ReturnType<typeof seeded>;

/**
 * What a clinic bills, as realistic diagnosis/procedure/price combinations: HCPCS Level II codes (public;
 * the bundled code set holds them) and the CPT codes each demo billing company entered as its own.
 */
const VISITS: Array<{
  dx: string[];
  lines: Array<[code: string, units: string, price: number, modifiers?: string[]]>;
}> = [
  {
    dx: ['Z00.00'],
    lines: [
      ['G0439', '1', 17500],
      ['G0444', '1', 2200],
    ],
  },
  {
    dx: ['Z00.00', 'E78.5'],
    lines: [
      ['G0438', '1', 24000],
      ['G0442', '1', 2000],
    ],
  },
  {
    dx: ['Z23'],
    lines: [
      ['G0008', '1', 4500],
      ['Q2035', '1', 3100],
    ],
  },
  { dx: ['Z23', 'J44.9'], lines: [['G0009', '1', 4500]] },
  {
    dx: ['M54.50', 'M62.830'],
    lines: [
      ['J1885', '1', 1800],
      ['J1100', '2', 900],
    ],
  },
  { dx: ['E53.8', 'D51.9'], lines: [['J3420', '1', 2400]] },
  {
    dx: ['J02.9', 'R50.9'],
    lines: [
      ['J0696', '2', 3500],
      ['J7030', '1', 8500],
    ],
  },
  {
    dx: ['E11.9', 'I10'],
    lines: [
      ['G2211', '1', 1600],
      ['A4253', '2', 3800],
    ],
  },
  { dx: ['E66.9', 'Z68.35'], lines: [['G0447', '2', 2800]] },
  {
    dx: ['S93.401A'],
    lines: [
      ['E0114', '1', 6800, ['RT']],
      ['L4360', '1', 29500, ['RT']],
    ],
  },
  { dx: ['Z12.31'], lines: [['G0202', '1', 19500]] },
  { dx: ['Z12.4', 'Z01.419'], lines: [['Q0091', '1', 5200]] },
  { dx: ['Z12.11'], lines: [['G0121', '1', 98000]] },
  {
    dx: ['M25.561', 'M17.11'],
    lines: [
      ['J7325', '1', 42000, ['LT']],
      ['G0283', '2', 2500],
    ],
  },
  // CPT codes: each demo billing company entered these itself (demo-codes.ts), as a real one does.
  {
    dx: ['E11.9', 'I10'],
    lines: [
      ['99214', '1', 18000],
      ['83036', '1', 3500],
      ['36415', '1', 1500],
    ],
  },
  { dx: ['J06.9'], lines: [['99213', '1', 12500]] },
  {
    dx: ['M17.11'],
    lines: [
      ['99214', '1', 18000, ['25']],
      ['20610', '1', 14000, ['RT']],
      ['J3301', '4', 400],
    ],
  },
  {
    dx: ['R07.9', 'I10'],
    lines: [
      ['99203', '1', 15500],
      ['93000', '1', 6500],
      ['80053', '1', 4200],
      ['85025', '1', 2500],
    ],
  },
];
/** Institutional visits: a revenue code per line, the HCPCS code where the line needs one, units as days for room and board. */
const STAYS: Array<{
  tob: string;
  dx: string[];
  lines: Array<[revenue: string, code: string | null, units: string, price: number]>;
}> = [
  {
    tob: '131',
    dx: ['R07.9', 'I10'],
    lines: [
      ['0450', null, '1', 85000],
      ['0300', null, '3', 4500],
      ['0324', null, '1', 22000],
    ],
  },
  {
    tob: '131',
    dx: ['J18.9'],
    lines: [
      ['0450', null, '1', 92000],
      ['0250', 'J0696', '2', 3500],
      ['0320', null, '1', 18000],
    ],
  },
  {
    tob: '111',
    dx: ['J44.1', 'J96.01'],
    lines: [
      ['0120', null, '3', 210000],
      ['0250', 'J1100', '4', 900],
      ['0410', null, '3', 26000],
    ],
  },
  {
    tob: '831',
    dx: ['M17.11'],
    lines: [
      ['0360', null, '1', 450000],
      ['0370', null, '1', 120000],
      ['0710', null, '1', 60000],
    ],
  },
];
const POS_BY_FACILITY = ['11', '24', '20'];

/** Claims per status, older claims further along (a claim of 16 months ago is paid or denied, one of last week is still a draft). */
function statusFor(r: Random, ageDays: number): number {
  if (ageDays < 10) return r.pick([1, 1, 2, 2, 3]);
  // Payers answer in two to six weeks; about one claim in twelve is denied (half of them paid on appeal later) and one in thirty rejected at the clearing house.
  if (ageDays < 45) return r.pick([2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 7, 7, 7, 7, 5, 6]);
  if (ageDays < 120) return r.pick([3, 4, 4, 4, 4, 4, 4, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 5, 6]);
  return r.pick([4, 4, 4, 4, 4, 4, ...Array<number>(31).fill(7), 6, 6, 6]);
}
/**
 * The statuses of a billing company's first demo claims, whatever the draw, with the span of days ago
 * they were served in: this week's drafts and claims ready to batch, claims the clearing house rejected,
 * recent denials a collector labels, claims with their payers (two of them for two months). So even a small demo has every status, every
 * sub-status and remittances to post today.
 */
const FIRST_CLAIMS: Array<[status: number, fromDays: number, days: number]> = [
  [1, 1, 9],
  [1, 1, 9],
  [2, 1, 9],
  [2, 1, 9],
  [2, 1, 9],
  [5, 12, 30],
  [5, 12, 30],
  [6, 25, 20],
  [6, 25, 20],
  [6, 25, 20],
  [3, 12, 30],
  [3, 12, 30],
  [3, 12, 30],
  [3, 12, 30],
  // Claims a payer has sat on for two months without a word: what the claim status inquiry (276) is for.
  [3, 60, 20],
  [3, 60, 20],
];
/** The road a claim took to where it waits: created, then verified unless it is still a draft. */
const roadTo = (status: number) => (status === 1 ? [1] : [1, 2]);

export const DEMO_SUB_STATUSES: Array<
  [code: string, name: string, statuses: number[], color: string, denial?: boolean]
> = [
  ['DOCS', 'Waiting for documentation', [1], '#707070'],
  ['HOLD', 'On hold for coding review', [2], '#B04D12'],
  ['READY', 'Ready to batch', [2], '#1B6D49'],
  ['ACK', 'Awaiting payer acknowledgment', [3], '#B04D12'],
  ['MREC', 'Medical records requested', [3, 6], '#018ECC'],
  ['PART', 'Partially paid', [4], '#1B6D49'],
  ['MEMBER', 'Invalid member ID', [5], '#A72821'],
  ['NPI', 'Rendering NPI missing', [5], '#A72821'],
  ['NCOV', 'Service not covered', [6], '#A72821', true],
  ['TIMELY', 'Timely filing limit', [6], '#A72821', true],
  ['PAID', 'Paid in full', [7], '#1B6D49'],
];

/**
 * What became of the demo's claims sent to payers, by the status they reach (3 Submitted, 4 Approved,
 * 5 Rejected, 6 Denied, 7 Complete): claim ids. The claims are loaded verified and Not submitted; the
 * demo's history job sends them in batches and answers them as clearing houses and payers would.
 */
export type DemoFates = Record<number, number[]>;

/** Each claim's fate by its id. */
export const fateMap = (fates: DemoFates) =>
  new Map(Object.entries(fates).flatMap(([status, ids]) => ids.map((id) => [id, Number(status)] as const)));

/** The sub-status a claim carries: one not used yet first (so every one appears), else about half the time one of them; null for none. */
function labelFor(candidates: number[], used: Set<number>, r: Random): number | null {
  const unused = candidates.filter((s) => !used.has(s));
  const sub = candidates.length && (unused.length || r.chance(0.5)) ? (unused[0] ?? r.pick(candidates)) : null;
  if (sub !== null) used.add(sub);
  return sub;
}

export interface DemoClaimParties {
  billingCompanyId: number;
  abbreviations: Map<number, string>;
  companyIds: number[];
  facilityIds: number[];
  professionalIds: number[];
  patients: Array<{ id: number; first_name: string; last_name: string; company_id: number }>;
  policies: Map<number, Array<{ id: number; timely: number }>>;
  systemUserId: number | null;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const us = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/**
 * About 2,000 claims of one billing company over the last 18 months, professional and
 * institutional, in every status and sub-status, with their lines and the history of how each got
 * where it is — so lists, batches, payments and reports have something to show from the first start.
 */
export async function loadDemoClaims({
  tx,
  r,
  p,
  count = 2000,
  today = new Date(),
}: {
  tx: Queryable;
  r: Random;
  p: DemoClaimParties;
  count?: number;
  today?: Date;
}): Promise<{ count: number; fates: DemoFates }> {
  const subIds = await insertRows(
    tx,
    'claim_sub_statuses',
    DEMO_SUB_STATUSES.map(([code, name, statuses, color, denial]) => ({
      billing_company_id: p.billingCompanyId,
      code,
      name,
      claim_status_ids: statuses,
      color,
      denial: !!denial,
      status: true,
    })),
  );
  const subsOf = (status: number) => subIds.filter((_, i) => DEMO_SUB_STATUSES[i][2].includes(status));
  const firstId = Number(
    (await tx.query<{ id: string }>(`select nextval(pg_get_serial_sequence('claims', 'id')) as id`)).rows[0].id,
  );
  await tx.query(`select setval(pg_get_serial_sequence('claims', 'id'), $1)`, [firstId + count]);
  const claims: Array<Record<string, unknown>> = [];
  const lines: Array<Record<string, unknown>> = [];
  const history: Array<Record<string, unknown>> = [];
  const subUsed = new Set<number>();
  const fates: DemoFates = {};
  for (let n = 0; n < count; n++) {
    const id = firstId + n;
    const patient = r.pick(p.patients);
    // The first claims are this week's drafts and claims ready to batch, so even a small demo has every status and sub-status.
    const drawnAge = r.int(1, 548);
    const first = FIRST_CLAIMS[n];
    const ageDays = first ? first[1] + (drawnAge % first[2]) : drawnAge;
    const dos = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ageDays));
    const professional = r.chance(0.85);
    const facilityIndex = r.int(0, p.facilityIds.length - 1);
    const pols = p.policies.get(patient.id) ?? [];
    const selfPay = !pols.length || r.chance(0.03);
    const drawnStatus = statusFor(r, ageDays);
    // A self-pay claim never goes to a payer: it waits, Not submitted, for the patient's statement.
    const fate = first && !selfPay ? first[0] : selfPay ? Math.min(drawnStatus, 2) : drawnStatus;
    // A claim bound for a payer waits verified for the history job to send it; drafts and claims ready to batch stay as they are.
    const status = Math.min(fate, 2);
    if (fate > 2) (fates[fate] ??= []).push(id);
    // Every sub-status appears somewhere; then about half the claims whose status has sub-statuses carry one (the rest once their fate is known).
    const candidates = fate > 2 ? [] : subsOf(status);
    const sub = labelFor(candidates, subUsed, r);
    let claimLines: Array<Record<string, unknown>>;
    let diagnoses: Array<Record<string, unknown>>;
    let extra: Record<string, unknown> = {};
    if (professional) {
      const v = r.pick(VISITS);
      diagnoses = v.dx.map((code) => ({ code }));
      claimLines = v.lines.map(([code, units, price, modifiers]) => ({
        procedure_code: code,
        units,
        price,
        modifiers,
        pointers: v.dx.map((_, i) => 'ABCD'[i]).slice(0, 4),
      }));
      extra = { place_of_service: POS_BY_FACILITY[facilityIndex % POS_BY_FACILITY.length] };
    } else {
      const s = r.pick(STAYS);
      diagnoses = s.dx.map((code) => ({ code, poa: 'Y' }));
      const inpatient = s.tob === '111';
      const days = inpatient ? 3 : 0;
      claimLines = s.lines.map(([revenue, code, units, price]) => ({
        revenue_code: revenue,
        procedure_code: code,
        units,
        price,
      }));
      const discharge = new Date(dos.getTime() + days * 86_400_000);
      extra = {
        type_of_bill: s.tob,
        patient_status: '01',
        admission_type: inpatient ? '1' : '3',
        admission_source: inpatient ? '2' : '1',
        ...(inpatient
          ? {
              admission_date: iso(dos),
              admission_hour: r.int(0, 23),
              discharge_date: iso(discharge),
              discharge_hour: r.int(8, 17),
              value_codes: [{ code: '80', amount: 300 }],
            }
          : {}),
      };
    }
    const stored = claimLines.map((l, i) => ({
      billing_company_id: p.billingCompanyId,
      claim_id: id,
      line_number: i + 1,
      from_service: iso(dos),
      to_service: iso(new Date(dos.getTime() + (l.revenue_code === '0120' ? 2 : 0) * 86_400_000)),
      procedure_code: l.procedure_code ?? null,
      modifiers: l.modifiers ?? null,
      revenue_code: l.revenue_code ?? null,
      place_of_service: professional ? extra.place_of_service : null,
      type_of_service: null,
      diagnosis_pointers: professional ? l.pointers : null,
      days_or_units: l.units,
      price: l.price,
      line_charge: lineCharge(l.units, l.price),
      copay: professional && r.chance(0.2) ? 2500 : null,
      emg: false,
    }));
    lines.push(...stored);
    const totals = claimTotals(
      stored.map((l) => ({
        ...l,
        from_service: us(dos),
        to_service: us(new Date(`${String(l.to_service)}T00:00:00Z`)),
      })),
    );
    const policyIds = selfPay ? [] : pols.map((x) => x.id);
    claims.push({
      id,
      billing_company_id: p.billingCompanyId,
      code: claimCode({
        companyAbbreviation: p.abbreviations.get(patient.company_id),
        dateOfService: us(dos),
        firstName: patient.first_name,
        lastName: patient.last_name,
        id,
      }),
      format_id: professional ? 1 : 2,
      patient_id: patient.id,
      patient_name: `${patient.first_name} ${patient.last_name}`,
      company_id: patient.company_id,
      // Institutional claims are the hospital's (the main campus bills them); professional ones name where the visit was.
      facility_id: p.facilityIds[professional ? facilityIndex : 0],
      status_id: status,
      sub_status_id: sub,
      verified: status >= 2,
      date_of_service: iso(dos),
      billed_amount: totals.billed,
      amount_paid: totals.copays,
      past_due_date: (() => {
        const d = pastDueDate(totals.lastDate, pols[0]?.timely ?? 365);
        return d ? `${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}` : null;
      })(),
      self_pay: policyIds.length === 0,
      insurance_policy_ids: policyIds,
      attending_provider_id: r.pick(p.professionalIds),
      diagnoses,
      prior_authorization: r.chance(0.15) ? `AUTH${r.digits(7)}` : null,
      patient_account_number: `${p.abbreviations.get(patient.company_id)}${r.digits(6)}`,
      accept_assignment: true,
      frequency: '1',
      place_of_service: null,
      type_of_bill: null,
      patient_status: null,
      admission_type: null,
      admission_source: null,
      admission_date: null,
      admission_hour: null,
      discharge_date: null,
      discharge_hour: null,
      value_codes: null,
      ...extra,
    });
    const road = roadTo(status);
    road.forEach((to, k) =>
      history.push({
        entity: 'claim',
        entity_id: id,
        billing_company_id: p.billingCompanyId,
        from_state: k === 0 ? null : road[k - 1],
        to_state: to,
        sub_status_id: k === road.length - 1 ? sub : null,
        note: k === 0 ? historyNote('created') : NOTES[to],
        user_id: p.systemUserId,
        // Entered the day after the service, verified a week later; a claim of yesterday's visit only hours ago (never in the future).
        created_at: new Date(
          Math.min(dos.getTime() + (k * 7 + 1) * 86_400_000, today.getTime() - (2 - k) * 3_600_000),
        ).toISOString(),
      }),
    );
  }
  await insertRows(tx, 'claims', claims, 250);
  await insertRows(tx, 'claim_services', lines, 400);
  await insertRows(tx, 'state_transitions', history, 500);
  return { count, fates };
}

const NOTES: Record<number, string> = {
  2: historyNote('claimSaved', { action: HISTORY_WORDS.created, check: HISTORY_WORDS.systemCheck }),
};

/**
 * Once the history has taken the claims where they went, the labels staff put on them: every
 * sub-status of a status at least once, then about half the claims of a status that has sub-statuses.
 */
export async function labelDemoClaims(tx: Queryable, r: Random, billingCompanyId: number): Promise<void> {
  const subs = (
    await tx.query<{ id: number; claim_status_ids: number[] }>(
      'select id, claim_status_ids from claim_sub_statuses where billing_company_id = $1 order by id',
      [billingCompanyId],
    )
  ).rows;
  const claims = (
    await tx.query<{ id: number; status_id: number }>(
      `select id, status_id from claims where billing_company_id = $1 and status_id >= ${CLAIM_STATUS.SUBMITTED} and sub_status_id is null order by id`,
      [billingCompanyId],
    )
  ).rows;
  const used = new Set<number>();
  const labels: Array<{ id: number; sub: number }> = [];
  for (const c of claims) {
    const candidates = subs
      .filter((x) => x.claim_status_ids.map(Number).includes(Number(c.status_id)))
      .map((x) => Number(x.id));
    const sub = labelFor(candidates, used, r);
    if (sub !== null) labels.push({ id: Number(c.id), sub });
  }
  await tx.query(
    `update claims c set sub_status_id = x.sub from jsonb_to_recordset($1::jsonb) as x(id bigint, sub bigint) where c.id = x.id`,
    [JSON.stringify(labels)],
  );
}
