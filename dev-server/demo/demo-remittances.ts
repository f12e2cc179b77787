import { systemActor } from '../security/actor.ts';
import { isoDayOf, isoToUsDate, type IsoDate } from '../../src/domain/formats.ts';
import { write835, type ClaimToRemit, type LineToRemit } from '../../src/domain/x12/era-835-writer.ts';
import type { Adjustment } from '../../src/domain/x12/era-835-model.ts';
import { postEra } from '../payments/era-posting.ts';
import { batchStore } from '../payments/payment-access.ts';
import { closeBatch } from '../payments/payment-routes.ts';
import { seeded } from './demo-rows.ts';
import { patientBalances } from '../ledger/ledger-balances.ts';
import { recordPatientPayment } from '../payments/patient-payments.ts';
import { recordLedgerEntry } from '../ledger/ledger-entries.ts';
import { remitParties, takeIn, type DemoCompanyDay, type DemoContext, type DemoPayerRow } from './demo-era-intake.ts';
import { asOf } from '../db/as-of.ts';
import { fateMap, type DemoFates } from './demo-claims.ts';
import { DENIALS, loadDemoDenials } from './demo-denials.ts';
import { primaryShares, refileToSecondaries, secondaryRemitOf } from './demo-crossovers.ts';
import { demoSenders, sendInBatches } from './demo-submissions.ts';
import { CLAIM_FORMAT, CLAIM_STATUS } from '../../src/generated/ids.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';

interface Adjudicated extends DemoPayerRow {
  id: number;
  status_id: number;
  patient_control_number: string;
  company_id: number;
  patient_id: number;
  dos: IsoDate;
  sent_at: string | Date;
  first_name: string;
  last_name: string;
  member_id: string;
  insurance_company_id: number;
  ins_type_id: number | null;
  denial_codes: string[] | null;
  format_id: number;
}
interface Line {
  claim_id: number;
  procedure_code: string | null;
  from_service: IsoDate;
  line_charge: number;
  copay: number | null;
}

// What payers allow of a billed charge, in basis points, by the payer's kind: Medicare and Medicaid pay their fee schedules, commercial plans their contracts.
export const ALLOWED_BP: Record<number, number> = { 1: 7800, 2: 7200, 3: 5400, 4: 4600, 5: 6000 };
const share = (cents: number, bp: number) => Math.round((cents * bp) / 10000);

/**
 * One line as its payer adjudicates it: the allowed amount (CO-45 takes the rest), and of the allowed
 * what the patient owes when the claim is Approved (still owed by the patient) — a copay (PR-3), a
 * deductible (PR-1) or coinsurance (PR-2) — or nothing when it is Complete. An underpayment allows `cutBp` less than the contract.
 */
function adjudicated(
  l: { charge: number; copay: number | null },
  c: Adjudicated,
  r: ReturnType<typeof seeded>,
  cutBp = 0,
) {
  const contract = share(l.charge, ALLOWED_BP[c.ins_type_id ?? 1] ?? 7500);
  const allowed = contract - share(contract, cutBp);
  const adjustments: Adjustment[] =
    allowed < l.charge ? [{ group: 'CO', reason: '45', amount: l.charge - allowed }] : [];
  let patient = 0;
  if (c.status_id === CLAIM_STATUS.APPROVED) {
    const kind = l.copay ? 3 : r.pick([1, 2, 2]);
    patient = Math.min(
      allowed,
      kind === 3 ? l.copay! : kind === 1 ? share(allowed, r.int(3000, 10000)) : share(allowed, 2000),
    );
    if (patient > 0) adjustments.push({ group: 'PR', reason: String(kind), amount: patient });
  }
  return { allowed, paid: allowed - patient, adjustments, patient };
}

/**
 * The money behind the demo's adjudicated claims, through the product's own remittance path: each
 * payer's 835 for each clinic and month of service — the Approved and Complete claims paid (CO-45,
 * and the patient's share on the Approved ones), the Denied ones with the codes they were denied for —
 * taken in as a payer's file and posted, in a batch closed on the payment's date. Professional claims are
 * paid line by line, institutional ones as a whole claim. So ledgers, aging and reports agree with the
 * claims' statuses. Answers how many claims were posted.
 */
export async function loadDemoRemittances(ctx: DemoContext, fates: DemoFates, today = new Date()): Promise<number> {
  const bcs = (
    await ctx.db.query<{ id: string; abbreviation: string }>(
      'select id, abbreviation from billing_companies order by id',
    )
  ).rows;
  const fateOf = fateMap(fates);
  const answered = [...fateOf].filter(([, fate]) => fate === 4 || fate === 6 || fate === 7).map(([id]) => id);
  let posted = 0;
  // Each billing company's sender (its clearing-house account), read once for the secondaries' batches.
  const senders = await demoSenders(ctx);
  for (const [bi, bc] of bcs.entries()) {
    const r = seeded(3500 + Number(bc.id));
    const actor = systemActor(Number(bc.id), 'demo-remittances');
    const claims = (await submittedClaims(ctx, Number(bc.id), answered, 3))
      // status_id: what the payer makes of the claim (its fate); denial_codes: why, for a denial.
      .map((c) => ({
        ...c,
        status_id: fateOf.get(c.id)!,
        denial_codes: fateOf.get(c.id) === 6 ? r.pick(DENIALS) : null,
      }));
    if (!claims.length) continue;
    const linesOf = await claimLines(
      ctx,
      claims.map((c) => c.id),
    );
    // A payer pays each clinic (its payee) once a month here for the claims served that month.
    const groups = new Map<string, Adjudicated[]>();
    for (const c of claims) {
      const key = `${c.insurance_company_id}:${c.company_id}:${c.dos.slice(0, 7)}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    let control = 100;
    const paidOn = new Map<number, number>();
    const remit = async (trace: string, group: Adjudicated[], at: number, remits: ClaimToRemit[]) => {
      // By yesterday at the latest, and never before the payer had the claims; a claim sent late today is paid today,
      // never tomorrow (a remittance dated in the future would count in no aging as of today).
      const lastSent = Math.max(...group.map(sentAt));
      const day = new Date(
        Math.min(Math.max(Math.min(at, today.getTime() - 86_400_000), lastSent + 2 * 3_600_000), today.getTime()),
      );
      const date = isoDayOf(day);
      // The payer's file is taken in and posted on its payment date: every row and note it writes carries that day.
      const then = { ...ctx, db: asOf(ctx.db, day) };
      const parties = remitParties(group[0]);
      const text = write835({
        sender: parties.payer.id,
        receiver: bc.abbreviation,
        control: ++control,
        date,
        payments: [{ ...parties, method: 'ACH', date, trace, claims: remits }],
        usage: x12UsageIndicator(),
      });
      const [eraId] = await takeIn({
        ctx: then,
        actor,
        bc: Number(bc.id),
        name: `${bc.abbreviation.toLowerCase()}-${trace.toLowerCase()}.835`,
        text,
      });
      if (!eraId) return;
      const outcome = await postEra(then, actor, eraId);
      posted += outcome.posted_claims;
      for (const c of group) paidOn.set(c.id, day.getTime());
      if (outcome.payment_batch_id)
        await closeBatch(then, batchStore(then, actor), outcome.payment_batch_id, isoToUsDate(date));
    };
    const afterService = (c: Adjudicated, days: number) => Date.parse(`${c.dos}T12:00:00Z`) + days * 86_400_000;

    // A few claims paid in full are underpaid at first (the payer applied an old fee schedule): its next 835 corrects them.
    const underpaid = new Map<number, ClaimToRemit>();
    for (const [key, group] of groups) {
      // Paid two to five weeks after the group's last claim was sent.
      await remit(
        `${bc.abbreviation}${key.replace(/\D/g, '')}`,
        group,
        Math.max(...group.map(sentAt)) + r.int(14, 30) * 86_400_000,
        group.map((c) => {
          const short =
            c.status_id === CLAIM_STATUS.COMPLETE && c.format_id === CLAIM_FORMAT.PROFESSIONAL && r.chance(0.04);
          const first = remitOf(c, linesOf.get(c.id) ?? [], r, { cutBp: short ? 1200 : 0 });
          if (short) underpaid.set(c.id, first);
          return first;
        }),
      );
    }
    // The correction: the underpayment taken back (CLP02 22, the first payment to the cent) and the claim paid again as
    // the contract says, in the payer's 835 a month or two later — when that day has come. A third of them the payer
    // never corrects by itself: they wait in the underpayment worklist for the billing company's appeal.
    const corrected = new Map<string, Adjudicated[]>();
    for (const c of claims.filter(
      (x) =>
        underpaid.has(x.id) &&
        x.id % 3 !== 0 &&
        (paidOn.get(x.id) ?? Infinity) + 60 * 86_400_000 < today.getTime() - 2 * 86_400_000,
    )) {
      corrected.set(`${c.insurance_company_id}:${c.company_id}`, [
        ...(corrected.get(`${c.insurance_company_id}:${c.company_id}`) ?? []),
        c,
      ]);
    }
    for (const [key, group] of corrected) {
      await remit(
        `${bc.abbreviation}COR${key.replace(/\D/g, '')}`,
        group,
        Math.max(...group.map((c) => paidOn.get(c.id)!)) + r.int(30, 60) * 86_400_000,
        group.flatMap((c) => [
          takenBack(underpaid.get(c.id)!),
          remitOf(c, linesOf.get(c.id) ?? [], r, {
            payerControlNumber: `${c.payer_id}${String(c.id).padStart(10, '0')}C`,
          }),
        ]),
      );
    }
    // Claims whose primary left the patient a share and that carry a second policy: refiled to the secondary, sent in the
    // next batch (837 with the primary's adjudication in its COB loops) and paid by the secondary (CLP02 2, CO-23).
    const crossed = await refileToSecondaries({ ctx, actor, bc: Number(bc.id), paidOn, r, today });
    if (crossed.length) {
      const sender = senders.find((x) => x.billingCompanyId === Number(bc.id))!;
      await sendInBatches({ ctx, sender, ready: crossed, rejects: () => false, today });
      const second = (
        await submittedClaims(
          ctx,
          Number(bc.id),
          crossed.map((c) => c.id),
          CLAIM_STATUS.SUBMITTED,
        )
      ).map((c) => ({ ...c, status_id: CLAIM_STATUS.APPROVED, denial_codes: null }));
      const shares = await primaryShares(
        ctx,
        Number(bc.id),
        second.map((c) => c.id),
      );
      const bySecondary = new Map<string, Adjudicated[]>();
      for (const c of second)
        bySecondary.set(`${c.insurance_company_id}:${c.company_id}`, [
          ...(bySecondary.get(`${c.insurance_company_id}:${c.company_id}`) ?? []),
          c,
        ]);
      for (const [key, group] of bySecondary) {
        await remit(
          `${bc.abbreviation}SEC${key.replace(/\D/g, '')}`,
          group,
          Math.max(...group.map(sentAt)) + r.int(14, 30) * 86_400_000,
          group.map((c) =>
            secondaryRemitOf(
              {
                patientControlNumber: c.patient_control_number,
                payerControlNumber: `${c.payer_id}${String(c.id).padStart(10, '0')}S`,
                patient: {
                  lastName: c.last_name.toUpperCase(),
                  firstName: c.first_name.toUpperCase(),
                  memberId: c.member_id,
                },
                from: c.dos,
              },
              shares.get(c.id) ?? [],
              r,
            ),
          ),
        );
      }
    }
    // The collectors' follow-ups on the payers' latest denials, before the older ones are settled.
    await ctx.db.transaction((tx) => loadDemoDenials(tx, seeded(7919 + bi), { billingCompanyId: Number(bc.id) }));
    // Appeals won: nearly all denials older than two months were reprocessed and paid in full, each payer's at once.
    // The denials collectors are still working (a follow-up call on file) stay open on the worklist.
    const worked = new Set(
      (
        await ctx.db.query<{ claim_id: string }>(
          'select distinct claim_id from denial_trackings where billing_company_id = $1',
          [bc.id],
        )
      ).rows.map((x) => Number(x.claim_id)),
    );
    const settled = claims.filter(
      (c) => c.status_id === CLAIM_STATUS.DENIED && afterService(c, 60) < today.getTime() && !worked.has(c.id),
    );
    const overturned = settled.filter(() => r.chance(0.95));
    const appeals = new Map<string, Adjudicated[]>();
    for (const c of overturned)
      appeals.set(`${c.insurance_company_id}:${c.company_id}`, [
        ...(appeals.get(`${c.insurance_company_id}:${c.company_id}`) ?? []),
        c,
      ]);
    for (const [key, group] of appeals) {
      const last = Math.max(...group.map((c) => paidOn.get(c.id) ?? afterService(c, 30)));
      await remit(
        `${bc.abbreviation}APL${key.replace(/\D/g, '')}`,
        group,
        last + r.int(30, 60) * 86_400_000,
        group.map((c) =>
          remitOf({ ...c, status_id: CLAIM_STATUS.COMPLETE }, linesOf.get(c.id) ?? [], r, {
            payerControlNumber: `${c.payer_id}${String(c.id).padStart(10, '0')}R`,
          }),
        ),
      );
    }
    // The other old denials were appealed in vain: written off from the insurance balance three months after the denial.
    for (const c of settled.filter((x) => !overturned.includes(x))) {
      const owed = (await patientBalances(ctx.db, [c.patient_id], c.id)).get(c.patient_id)?.insurance_balance ?? 0;
      const on = Math.min((paidOn.get(c.id) ?? afterService(c, 30)) + 90 * 86_400_000, today.getTime() - 86_400_000);
      if (owed > 0) {
        await recordLedgerEntry(
          { ...ctx, db: asOf(ctx.db, new Date(on)) },
          actor,
          {
            patient_id: c.patient_id,
            claim_id: c.id,
            kind: 'write_off',
            responsibility: 'insurance',
            amount: owed,
            entry_date: isoToUsDate(new Date(on).toISOString().slice(0, 10)),
            reason: 'administrative',
            note: 'Denial upheld on appeal',
          },
          'en',
        );
      }
    }
    await patientsPay({ ctx, actor, bc: Number(bc.id), paidOn, r, today });
  }
  return posted;
}

/** When a claim last went to its payer. */
const sentAt = (c: Pick<Adjudicated, 'sent_at'>) => new Date(c.sent_at).getTime();

/** Claims of a billing company in a status, with the payer they are billed to as its 835 names it and the moment they were last sent. */
async function submittedClaims(
  ctx: DemoContext,
  bc: number,
  ids: number[],
  status: number,
): Promise<Array<Omit<Adjudicated, 'status_id' | 'denial_codes'>>> {
  const rows = (
    await ctx.db.query<Adjudicated>(
      `select c.id, c.patient_control_number, c.company_id, c.patient_id, c.date_of_service::text as dos,
            (select max(t.created_at) from state_transitions t where t.entity = 'claim' and t.entity_id = c.id and t.to_state = ${CLAIM_STATUS.SUBMITTED}) as sent_at,
            pt.first_name, pt.last_name, p.policy_number as member_id, c.format_id,
            i.id as insurance_company_id, i.payer_id, i.name as payer_name, i.ins_type_id, i.address, i.city, i.state, i.zip, i.phone, co.name as clinic, co.npi
       from claims c join insurance_policies p on p.id = (c.insurance_policy_ids->>(case when c.billed_responsibility = 'S' then 1 else 0 end))::bigint join insurance_companies i on i.id = p.insurance_company_id
       join patients pt on pt.id = c.patient_id join companies co on co.id = c.company_id
      where c.billing_company_id = $1 and c.id = any($2::bigint[]) and c.status_id = $3 order by c.date_of_service, c.id`,
      [bc, ids, status],
    )
  ).rows;
  return rows.map((c) => ({
    ...c,
    id: Number(c.id),
    company_id: Number(c.company_id),
    patient_id: Number(c.patient_id),
    insurance_company_id: Number(c.insurance_company_id),
    format_id: Number(c.format_id),
  }));
}

/** The lines of claims, in order, by claim. */
async function claimLines(ctx: DemoContext, ids: number[]): Promise<Map<number, Line[]>> {
  const lines = (
    await ctx.db.query<Line>(
      `select claim_id, procedure_code, from_service::text as from_service, line_charge, copay from claim_services where claim_id = any($1::bigint[]) order by claim_id, line_number`,
      [ids],
    )
  ).rows.map((l) => ({
    ...l,
    claim_id: Number(l.claim_id),
    line_charge: Number(l.line_charge),
    copay: l.copay === null ? null : Number(l.copay),
  }));
  const out = new Map<number, Line[]>();
  for (const l of lines) out.set(l.claim_id, [...(out.get(l.claim_id) ?? []), l]);
  return out;
}

/**
 * Patients pay what their payers left them: most within a month or so of the remittance (their
 * statement), all at once, a few never (they stay in the patient aging). Self-pay claims are the
 * patient's from the day of service.
 */
async function patientsPay({ ctx, actor, bc, paidOn, r, today }: DemoCompanyDay) {
  const owing = (
    await ctx.db.query<{ patient_id: string; claims: string[]; services: string[] }>(
      `select c.patient_id, array_agg(c.id) as claims, array_agg(c.date_of_service::text) as services from claims c
      where c.billing_company_id = $1 and (c.status_id in (${CLAIM_STATUS.APPROVED}, ${CLAIM_STATUS.COMPLETE}) or (coalesce(c.self_pay, false) and c.status_id = ${CLAIM_STATUS.NOT_SUBMITTED})) group by c.patient_id order by c.patient_id`,
      [bc],
    )
  ).rows;
  const balances = await patientBalances(
    ctx.db,
    owing.map((o) => Number(o.patient_id)),
  );
  for (const o of owing) {
    const balance = balances.get(Number(o.patient_id))?.patient_balance ?? 0;
    if (balance <= 0 || !r.chance(0.99)) continue;
    const billed = Math.max(
      ...o.claims.map((id, k) => paidOn.get(Number(id)) ?? Date.parse(`${o.services[k]}T12:00:00Z`) + 20 * 86_400_000),
    );
    const on = billed + r.int(7, 28) * 86_400_000;
    if (on >= today.getTime()) continue;
    await recordPatientPayment(
      { ...ctx, db: asOf(ctx.db, new Date(on)) },
      actor,
      {
        patient_id: Number(o.patient_id),
        amount: balance,
        method_id: r.pick([1, 1, 2, 3]),
        payment_date: isoToUsDate(new Date(on).toISOString().slice(0, 10)),
        reference: `STMT-${o.patient_id}`,
      },
      'en',
    );
  }
}

/** A claim as its payer remits it: denied with the codes it was denied for, or paid (by line for a professional claim, as a whole for an institutional one). */
function remitOf(
  c: Adjudicated,
  lines: Line[],
  r: ReturnType<typeof seeded>,
  how: { payerControlNumber?: string; cutBp?: number } = {},
): ClaimToRemit {
  const payerControlNumber = how.payerControlNumber ?? `${c.payer_id}${String(c.id).padStart(10, '0')}`;
  const charge = lines.reduce((n, l) => n + l.line_charge, 0);
  const base = {
    patientControlNumber: c.patient_control_number,
    payerControlNumber,
    patient: { lastName: c.last_name.toUpperCase(), firstName: c.first_name.toUpperCase(), memberId: c.member_id },
    from: c.dos,
    charge,
  };
  const professional = c.format_id === CLAIM_FORMAT.PROFESSIONAL && lines.every((l) => l.procedure_code);
  if (c.status_id === CLAIM_STATUS.DENIED) {
    const [group, reason] = (c.denial_codes?.[0] ?? 'CO-50').split('-');
    const denial = (amount: number): Adjustment[] => [{ group: group as Adjustment['group'], reason, amount }];
    return {
      ...base,
      status: '4',
      paid: 0,
      patientResponsibility: group === 'PR' ? charge : 0,
      ...(professional
        ? {
            lines: lines.map(
              (l): LineToRemit => ({
                procedure: l.procedure_code!,
                charge: l.line_charge,
                paid: 0,
                date: l.from_service,
                adjustments: denial(l.line_charge),
              }),
            ),
          }
        : { adjustments: denial(charge), lines: [] }),
    };
  }
  if (professional) {
    const remitted = lines.map((l) => ({
      l,
      a: adjudicated({ charge: l.line_charge, copay: l.copay }, c, r, how.cutBp),
    }));
    return {
      ...base,
      status: '1',
      paid: remitted.reduce((n, x) => n + x.a.paid, 0),
      patientResponsibility: remitted.reduce((n, x) => n + x.a.patient, 0),
      lines: remitted.map(
        ({ l, a }): LineToRemit => ({
          procedure: l.procedure_code!,
          charge: l.line_charge,
          paid: a.paid,
          date: l.from_service,
          adjustments: a.adjustments,
          allowed: a.allowed,
        }),
      ),
    };
  }
  const a = adjudicated({ charge, copay: null }, c, r, how.cutBp);
  return {
    ...base,
    status: '1',
    paid: a.paid,
    patientResponsibility: a.patient,
    adjustments: a.adjustments,
    lines: [],
  };
}

const negated = (a: Adjustment): Adjustment => ({ ...a, amount: -a.amount });
/** A payment taken back as payers write it: the same claim with every amount negated, CLP02 22. */
const takenBack = (x: ClaimToRemit): ClaimToRemit => ({
  ...x,
  status: '22',
  charge: -x.charge,
  paid: -x.paid,
  patientResponsibility: -x.patientResponsibility,
  adjustments: x.adjustments?.map(negated),
  lines: x.lines.map((l) => ({
    ...l,
    charge: -l.charge,
    paid: -l.paid,
    allowed: l.allowed === undefined ? undefined : -l.allowed,
    adjustments: l.adjustments.map(negated),
  })),
});
