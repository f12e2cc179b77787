import type { Entity } from '../../src/platform/entity.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import { systemActor } from '../security/actor.ts';
import { toIsoDate, usDateOf, type IsoDate } from '../../src/domain/formats.ts';
import { write835, type ClaimToRemit, type PaymentToRemit } from '../../src/domain/x12/era-835-writer.ts';
import { postEra } from '../payments/era-posting.ts';
import { batchStore, createBatch, paymentStore } from '../payments/payment-access.ts';
import { closeBatch } from '../payments/payment-routes.ts';
import { recordPatientPayment } from '../payments/patient-payments.ts';
import { loadDemoLedger } from './demo-ledger.ts';
import { loadDemoRemittances } from './demo-remittances.ts';
import type { DemoFates } from './demo-claims.ts';
import { remitParties, takeIn, type DemoPayerRow } from './demo-era-intake.ts';
import { CLAIM_FORMAT, CLAIM_STATUS, PAYMENT_METHOD, PAYMENT_SOURCE } from '../../src/generated/ids.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';

interface DemoClaim {
  id: number;
  code: string;
  patient_control_number: string;
  first_name: string;
  last_name: string;
  member_id: string;
  payer_name: string;
  payer_id: string;
  insurance_company_id: number;
  company_id: number;
  patient_id: number;
  lines: Array<{ procedure_code: string; from_service: IsoDate; line_charge: number; expected: number | null }>;
}

/** What a payer pays on a line: allows what its contract says (80 % of the charge without one), pays 80 % of that; the rest is CO-45 and PR-2 coinsurance. */
function paidLine(l: DemoClaim['lines'][number]) {
  const allowed = l.expected ?? Math.round(l.line_charge * 0.8);
  const paid = Math.round(allowed * 0.8);
  return {
    procedure: l.procedure_code,
    charge: l.line_charge,
    paid,
    date: l.from_service,
    allowed,
    adjustments: [
      { group: 'CO', reason: '45', amount: l.line_charge - allowed },
      { group: 'PR', reason: '2', amount: allowed - paid },
    ],
  };
}
function remitted(c: DemoClaim, denied: boolean): ClaimToRemit {
  const lines = c.lines.map((l) =>
    denied
      ? {
          procedure: l.procedure_code,
          charge: l.line_charge,
          paid: 0,
          date: l.from_service,
          adjustments: [{ group: 'CO', reason: '50', amount: l.line_charge }],
          remarks: ['N115'],
        }
      : paidLine(l),
  );
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((n, l) => n + f(l), 0);
  // The payer echoes the CLM01 it was sent: the claim's patient control number.
  return {
    patientControlNumber: c.patient_control_number,
    status: denied ? '4' : '1',
    charge: sum((l) => l.charge),
    paid: sum((l) => l.paid),
    patientResponsibility: sum((l) => l.adjustments.filter((a) => a.group === 'PR').reduce((n, a) => n + a.amount, 0)),
    payerControlNumber: `${c.payer_id}${String(c.id).padStart(9, '0')}`,
    patient: { lastName: c.last_name.toUpperCase(), firstName: c.first_name.toUpperCase(), memberId: c.member_id },
    from: c.lines[0].from_service,
    lines,
  };
}

/**
 * The payments a billing company's first start shows, made through the product's own paths: an ERA
 * from the payer with the most claims waiting, taken in and posted (claims Approved, one Denied with
 * its CARC) in a closed batch; a second ERA taken in and waiting to be previewed and processed (one of
 * its claims is not ours: it will wait in the exception queue); a check keyed by hand whose claims are
 * attached and wait to be distributed; and a patient paying the coinsurance the first ERA left.
 */
export async function loadDemoPayments(
  ctx: { db: Database; entities: Entity[]; files: FileStore },
  fates: DemoFates,
): Promise<number> {
  // First the money behind the claims the payers adjudicated (their monthly 835s), then today's.
  let posted = await loadDemoRemittances(ctx, fates);
  const bcs = (
    await ctx.db.query<{ id: string; abbreviation: string; name: string }>(
      'select id, abbreviation, name from billing_companies order by id',
    )
  ).rows;
  for (const bc of bcs) {
    const actor = systemActor(Number(bc.id), 'demo-payments');
    // The payer with the most claims waiting remits them; a check from the next payer waits to be distributed.
    const [claims, others] = await waitingClaims(ctx.db, Number(bc.id));
    if (!claims || claims.length < 2 || !others?.length) continue;
    const cut = Math.ceil(claims.length * 0.6);
    // The payer as it signs its remittances (address and EDI contact), paying the clinic that billed: its own NPI.
    const who = (
      await ctx.db.query<DemoPayerRow>(
        `select i.name as payer_name, i.payer_id, i.address, i.city, i.state, i.zip, i.phone, co.name as clinic, co.npi from insurance_companies i, companies co where i.id = $1 and co.id = $2`,
        [claims[0].insurance_company_id, claims[0].company_id],
      )
    ).rows[0];
    const { payer, payee } = remitParties(who);
    const today = usDateOf();
    const day = toIsoDate(today);
    const era = (trace: string, list: ClaimToRemit[]): PaymentToRemit => ({
      payer,
      payee,
      method: 'ACH',
      date: day,
      trace,
      claims: list,
    });
    const first = write835({
      sender: payer.id,
      receiver: bc.abbreviation,
      control: 1,
      date: day,
      usage: x12UsageIndicator(),
      payments: [
        era(
          `${bc.abbreviation}EFT0001`,
          claims.slice(0, cut).map((c, i) => remitted(c, i === 1)),
        ),
      ],
    });
    const stranger: ClaimToRemit = {
      ...remitted(claims[0], false),
      patientControlNumber: 'NOT-OURS-1',
      payerControlNumber: `${payer.id}999999999`,
    };
    const second = write835({
      sender: payer.id,
      receiver: bc.abbreviation,
      control: 2,
      date: day,
      usage: x12UsageIndicator(),
      payments: [era(`${bc.abbreviation}EFT0002`, [...claims.slice(cut).map((c) => remitted(c, false)), stranger])],
    });
    const [firstEra] = await takeIn({
      ctx,
      actor,
      bc: Number(bc.id),
      name: `${bc.abbreviation.toLowerCase()}-remittance-1.835`,
      text: first,
    });
    await takeIn({
      ctx,
      actor,
      bc: Number(bc.id),
      name: `${bc.abbreviation.toLowerCase()}-remittance-2.835`,
      text: second,
    });
    const outcome = await postEra(ctx, actor, firstEra);
    posted += outcome.posted_claims;
    if (outcome.payment_batch_id) await closeBatch(ctx, batchStore(ctx, actor), outcome.payment_batch_id, today);

    // A paper check keyed by hand: its two claims attached, waiting for the poster to distribute it.
    const check = others.slice(0, 2);
    const amount = check.reduce((n, c) => n + c.lines.reduce((m, l) => m + paidLine(l).paid, 0), 0);
    await ctx.db.transaction(async (tx) => {
      const batch = await createBatch({
        tx,
        ctx,
        actor,
        values: {
          billing_company_id: Number(bc.id),
          name: `${bc.abbreviation} paper checks ${today}`,
          company_id: check[0].company_id,
          posting_date: today,
          currency: 'USD',
          amount,
          note: 'Paper checks received by mail',
        },
      });
      const payment = await paymentStore(ctx, actor).create(
        {
          billing_company_id: Number(bc.id),
          payment_batch_id: batch.id,
          source_id: PAYMENT_SOURCE.INSURANCE,
          insurance_company_id: check[0].insurance_company_id,
          method_id: PAYMENT_METHOD.CHECK,
          payment_date: today,
          amount,
          reference: `CHK${String(100200 + Number(bc.id))}`,
          eob_date: today,
          statement: false,
        },
        { tx },
      );
      await tx.query(
        'insert into payment_claims (payment_id, claim_id, billing_company_id) select $1, x, $2 from unnest($3::bigint[]) x',
        [payment.id, bc.id, check.map((c) => c.id)],
      );
    });

    // The patient of the first paid claim pays the coinsurance the ERA left them, at the front desk.
    const paid = claims[0];
    // Statements to the patients left owing, before the front desk takes the payment; a denied claim written off.
    await loadDemoLedger(ctx, actor, Number(bc.id), paid.patient_id);
    await recordPatientPayment(
      ctx,
      actor,
      {
        patient_id: paid.patient_id,
        amount: paid.lines.reduce((n, l) => n + paidLine(l).adjustments[1].amount, 0),
        method_id: PAYMENT_METHOD.CASH,
        payment_date: today,
        reference: 'FRONT DESK',
      },
      'en',
    );
  }
  return posted;
}

/** Professional claims Submitted, with their lines, grouped by payer (the payer with the most first), oldest first, at most 12 a payer. */
async function waitingClaims(db: Database, bc: number): Promise<DemoClaim[][]> {
  const rows = (
    await db.query<Omit<DemoClaim, 'lines'>>(
      `select c.id, c.code, c.patient_control_number, c.company_id, c.patient_id, pt.first_name, pt.last_name, p.policy_number as member_id, i.name as payer_name, i.payer_id, i.id as insurance_company_id
       from claims c join insurance_policies p on p.id = (c.insurance_policy_ids->>0)::bigint
       join insurance_companies i on i.id = p.insurance_company_id join patients pt on pt.id = c.patient_id
      where c.billing_company_id = $1 and c.status_id = ${CLAIM_STATUS.SUBMITTED} and c.format_id = ${CLAIM_FORMAT.PROFESSIONAL} order by c.id`,
      [bc],
    )
  ).rows.map((r) => ({
    ...r,
    id: Number(r.id),
    company_id: Number(r.company_id),
    patient_id: Number(r.patient_id),
    insurance_company_id: Number(r.insurance_company_id),
  }));
  const lines = (
    await db.query<{
      claim_id: string;
      procedure_code: string;
      from_service: IsoDate;
      line_charge: string;
      expected_allowed: string | null;
    }>(
      `select claim_id, procedure_code, from_service::text as from_service, line_charge, expected_allowed from claim_services where claim_id = any($1::bigint[]) and procedure_code is not null order by claim_id, line_number`,
      [rows.map((r) => r.id)],
    )
  ).rows;
  const withLines = rows
    .map((r) => ({
      ...r,
      lines: lines
        .filter((l) => Number(l.claim_id) === r.id)
        .map((l) => ({
          procedure_code: l.procedure_code,
          from_service: l.from_service,
          line_charge: Number(l.line_charge),
          expected: l.expected_allowed === null ? null : Number(l.expected_allowed),
        })),
    }))
    .filter((c) => c.lines.length);
  const byPayer = new Map<number, DemoClaim[]>();
  for (const c of withLines) byPayer.set(c.insurance_company_id, [...(byPayer.get(c.insurance_company_id) ?? []), c]);
  return [...byPayer.values()]
    .sort((a, b) => b.length - a.length || a[0].id - b[0].id)
    .map((list) => list.slice(0, 12));
}
