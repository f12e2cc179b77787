import type { Queryable } from '../db/database.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { ADJUSTMENTS_SQL, DENIAL_SQL, LATER_PAYER_SQL, OWN_ADJUSTMENT_SQL } from './ledger-balances.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { PAYMENT_SOURCE } from '../../src/generated/ids.ts';
import { inLedgerOrder, type LedgerDraft, type LedgerRow } from '../../src/domain/ledger/ledger-order.ts';
import { LEDGER_TEXT, LEDGER_WORDS, type LedgerText } from '../../src/domain/ledger/ledger-words.ts';
import { frameIn, type Locale } from '../i18n/locale.ts';

export { LEDGER_TYPES, type LedgerRow, type LedgerType } from '../../src/domain/ledger/ledger-order.ts';

const REFILE_TYPES = new Map(codeListFile('refile-types').map((i) => [Number(i.id), i.name]));
const REASONS = new Map(codeListFile('ledger-reasons').map((i) => [String(i.id), i.name]));
const STATEMENT: LedgerText[] = ['statement1', 'statement2', 'statement3'];
/** A description and what may follow it (a reference, CARC codes, a note), when there is one. */
const after = (text: string, more: string | null | undefined) => (more ? `${text} ${more}` : text);

/** A claim as the ledger reads it. */
interface ClaimRow {
  id: string;
  patient_id: string;
  code: string;
  status_id: number;
  iso: string;
  billed: string;
  insured: boolean;
}

type LineRow = {
  id: string;
  claim_id: string;
  iso: string;
  procedure_code: string | null;
  revenue_code: string | null;
  charge: string;
};
type PostingRow = {
  payment_id: string;
  claim_id: string;
  reversal: boolean;
  iso: string;
  batch: string;
  patient_source: boolean;
  payer: string | null;
  reference: string | null;
  paid: string;
  adj: string;
  pr: string;
  codes: string | null;
  denial: boolean;
  later: 'S' | 'T' | null;
};
type EntryRow = {
  id: string;
  patient_id: string;
  claim_id: string | null;
  kind: 'write_off' | 'refund';
  responsibility: 'insurance' | 'patient';
  amount: string;
  iso: string;
  reason: string;
  note: string | null;
};
type RefileRow = { id: string; claim_id: string; refile_type: number; status: string; iso: string };
type StatementRow = { id: string; patient_id: string; sequence: number; amount_due: string; iso: string };
type UnappliedRow = {
  id: string;
  patient_id: string;
  batch: string;
  iso: string;
  reference: string | null;
  credit: string;
};

/** One patient's rows of each kind, as read. */
interface LedgerParts {
  claims: ClaimRow[];
  lines: LineRow[];
  postings: PostingRow[];
  entries: EntryRow[];
  refiles: RefileRow[];
  statements: StatementRow[];
  unapplied: UnappliedRow[];
}

/**
 * Every transaction of a patient's account in date order — the claims, their charges, what payers
 * paid and adjusted, what moved to the patient, what the patient paid, write-offs, refunds, refiles
 * and statements — each with the running balances split by insurance and patient. A handful of
 * statements for the whole account; the balances come out equal to patientBalances' (a test holds them to it).
 */
export async function patientLedger(db: Queryable, patientId: number, locale: Locale = 'en'): Promise<LedgerRow[]> {
  return (await patientLedgers(db, [patientId], locale)).get(patientId) ?? [];
}

/**
 * Many patients' ledgers from the same eight statements, whatever their number (a statement run prints hundreds:
 * never a query per patient); each patient's as patientLedger gives it.
 */
export async function patientLedgers(
  db: Queryable,
  patientIds: number[],
  locale: Locale = 'en',
): Promise<Map<number, LedgerRow[]>> {
  // Every read leads with the billing company, as the tables' indexes do.
  const bcs = (
    await db.query<{ bc: string }>(
      'select distinct billing_company_id as bc from patients where id = any($1::bigint[])',
      [patientIds],
    )
  ).rows.map((r) => Number(r.bc));
  const claims = (
    await db.query<ClaimRow>(
      `select c.id, c.patient_id, c.code, c.status_id, to_char(coalesce(c.date_of_service, c.created_at::date), 'YYYY-MM-DD') as iso, c.billed_amount as billed,
            jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 as insured
       from claims c where c.billing_company_id = any($2::bigint[]) and c.patient_id = any($1::bigint[]) order by c.id`,
      [patientIds, bcs],
    )
  ).rows;
  const ids = claims.map((c) => Number(c.id));
  const [lines, postings, entries, refiles, statements, unapplied] = await Promise.all([
    db.query<LineRow>(
      `select s.id, s.claim_id, to_char(s.from_service, 'YYYY-MM-DD') as iso, s.procedure_code, s.revenue_code, s.line_charge as charge
         from claim_services s where s.billing_company_id = any($2::bigint[]) and s.claim_id = any($1::bigint[]) order by s.claim_id, s.line_number, s.id`,
      [ids, bcs],
    ),
    db.query<PostingRow>(
      `select p.payment_id, p.claim_id, p.reverses_id is not null as reversal, to_char(y.payment_date, 'YYYY-MM-DD') as iso, y.payment_batch_id as batch,
              y.source_id = ${PAYMENT_SOURCE.PATIENT} as patient_source, coalesce(i.name, ef.payer_name) as payer, y.reference,
              sum(p.paid) as paid, sum(${ADJUSTMENTS_SQL}) as adj, sum(p.patient_responsibility) as pr, bool_or(${DENIAL_SQL}) as denial, max(p.paid_as) filter (where ${LATER_PAYER_SQL}) as later,
              (select string_agg(distinct (a->>'group') || '-' || (a->>'reason'), ', ') from payment_services q, jsonb_array_elements(coalesce(q.adjustments, '[]'::jsonb)) a
                 where q.billing_company_id = p.billing_company_id and q.claim_id = p.claim_id and q.payment_id = p.payment_id and a->>'group' <> 'PR' and ${OWN_ADJUSTMENT_SQL}) as codes
         from payment_services p join payments y on y.id = p.payment_id left join insurance_companies i on i.id = y.insurance_company_id left join era_files ef on ef.id = y.era_file_id
        where p.billing_company_id = any($2::bigint[]) and p.claim_id = any($1::bigint[])
        group by p.billing_company_id, p.payment_id, p.claim_id, p.reverses_id is not null, y.payment_date, y.payment_batch_id, y.source_id, i.name, ef.payer_name, y.reference
        order by min(p.id)`,
      [ids, bcs],
    ),
    db.query<EntryRow>(
      `select id, patient_id, claim_id, kind, responsibility, amount, to_char(entry_date, 'YYYY-MM-DD') as iso, reason, note from ledger_entries where billing_company_id = any($2::bigint[]) and patient_id = any($1::bigint[]) order by id`,
      [patientIds, bcs],
    ),
    db.query<RefileRow>(
      `select id, claim_id, refile_type, status, to_char(created_at, 'YYYY-MM-DD') as iso from claim_refiles where billing_company_id = any($2::bigint[]) and claim_id = any($1::bigint[]) order by id`,
      [ids, bcs],
    ),
    db.query<StatementRow>(
      `select id, patient_id, sequence, amount_due, to_char(statement_date, 'YYYY-MM-DD') as iso from patient_statements where billing_company_id = any($2::bigint[]) and patient_id = any($1::bigint[]) order by id`,
      [patientIds, bcs],
    ),
    db.query<UnappliedRow>(
      `select id, patient_id, payment_batch_id as batch, to_char(payment_date, 'YYYY-MM-DD') as iso, reference, amount - coalesce(distributed, 0) as credit
         from payments where billing_company_id = any($2::bigint[]) and patient_id = any($1::bigint[]) and source_id = ${PAYMENT_SOURCE.PATIENT} and amount <> coalesce(distributed, 0) order by id`,
      [patientIds, bcs],
    ),
  ]);
  // Each row to its patient, in the order read (a claim's rows through the claim).
  const parts = new Map<number, LedgerParts>(
    patientIds.map((id) => [
      id,
      { claims: [], lines: [], postings: [], entries: [], refiles: [], statements: [], unapplied: [] },
    ]),
  );
  const patientOfClaim = new Map(claims.map((c) => [Number(c.id), Number(c.patient_id)]));
  const of = (patientId: number) => parts.get(patientId)!;
  const ofClaim = (claimId: string) => of(patientOfClaim.get(Number(claimId))!);
  for (const c of claims) of(Number(c.patient_id)).claims.push(c);
  for (const l of lines.rows) ofClaim(l.claim_id).lines.push(l);
  for (const p of postings.rows) ofClaim(p.claim_id).postings.push(p);
  for (const r of refiles.rows) ofClaim(r.claim_id).refiles.push(r);
  for (const x of entries.rows) of(Number(x.patient_id)).entries.push(x);
  for (const x of statements.rows) of(Number(x.patient_id)).statements.push(x);
  for (const u of unapplied.rows) of(Number(u.patient_id)).unapplied.push(u);
  return new Map([...parts].map(([id, p]) => [id, assemble(p, locale)]));
}

/** One patient's ledger from its rows as read (all of them this patient's), in ledger order with running balances. */
function assemble(
  { claims, lines, postings, entries, refiles, statements, unapplied }: LedgerParts,
  locale: Locale,
): LedgerRow[] {
  const say = (frame: LedgerText, parts: Record<string, string | number> = {}) =>
    frameIn(locale, LEDGER_TEXT[frame], parts);
  const d: LedgerDraft[] = [];
  const base = {
    claim_id: null,
    claim_code: null,
    status_id: null,
    payment_id: null,
    payment_batch_id: null,
    entry_id: null,
    insurance: 0,
    patient: 0,
  };
  const byId = new Map(claims.map((c) => [Number(c.id), c]));
  const of = (claimId: number) => {
    const c = byId.get(claimId)!;
    return { claim_id: claimId, claim_code: c.code, status_id: Number(c.status_id) };
  };
  for (const c of claims)
    d.push({
      ...base,
      ...of(Number(c.id)),
      iso: c.iso,
      seq: Number(c.id),
      type: 'claim',
      description: say(c.insured ? 'billedToInsurance' : 'billedToPatient', { claim: c.code }),
    });

  for (const l of lines) {
    const c = byId.get(Number(l.claim_id))!;
    const amount = Number(l.charge);
    d.push({
      ...base,
      ...of(Number(l.claim_id)),
      iso: l.iso ?? c.iso,
      seq: Number(l.id),
      type: 'charge',
      description: after(say('charge'), [l.procedure_code, l.revenue_code].filter(Boolean).join(' ')),
      insurance: c.insured ? amount : 0,
      patient: c.insured ? 0 : amount,
    });
  }
  postings.forEach((p, i) => {
    const claim = of(Number(p.claim_id));
    const at = {
      ...base,
      ...claim,
      iso: p.iso,
      seq: i,
      payment_id: Number(p.payment_id),
      payment_batch_id: Number(p.batch),
    };
    const reversed = (text: string) => (p.reversal ? say('reversalOf', { entry: text }) : text);
    const reference = p.reference ? `(${p.reference})` : null;
    const paid = Number(p.paid),
      adj = Number(p.adj),
      pr = Number(p.pr);
    if (p.patient_source) {
      // A patient's payment is carried as paid X with patient responsibility −X: it lowers what the patient owes.
      d.push({
        ...at,
        type: 'payment',
        description: reversed(after(say('patientPayment'), p.reference)),
        patient: pr,
      });
      return;
    }
    const payer = p.payer ?? LEDGER_WORDS.someInsurance;
    if (p.later) {
      // A secondary (or tertiary) pays part of what the patient was left: its payment and its own write-off come off the
      // patient's side; its PR restates what remains, and a denial by it leaves the patient's share as it was.
      const rank = p.later === 'T' ? LEDGER_WORDS.tertiary : LEDGER_WORDS.secondary;
      if (p.denial)
        d.push({
          ...at,
          type: 'payment',
          description: reversed(after(say('deniedByAs', { payer, rank }), p.codes)),
          patient: -paid,
        });
      else if (paid !== 0 || adj === 0)
        d.push({
          ...at,
          type: 'payment',
          description: reversed(after(say('paymentFromAs', { payer, rank }), reference)),
          patient: -paid,
        });
      if (adj !== 0 && !p.denial)
        d.push({
          ...at,
          type: 'adjustment',
          description: reversed(after(say('adjustmentBy', { payer }), p.codes)),
          patient: -adj,
        });
      return;
    }
    if (p.denial) {
      // A denial settles nothing: the balance stays with the payer until it is appealed, refiled or written off.
      d.push({
        ...at,
        type: 'payment',
        description: reversed(p.codes ? say('deniedOpenFor', { payer, codes: p.codes }) : say('deniedOpen', { payer })),
        insurance: -paid,
      });
      if (pr !== 0)
        d.push({
          ...at,
          type: 'patient_responsibility',
          description: reversed(say('patientResponsibilityPer', { payer })),
          insurance: -pr,
          patient: pr,
        });
      return;
    }
    if (paid !== 0 || (adj === 0 && pr === 0))
      d.push({
        ...at,
        type: 'payment',
        description: reversed(after(say('paymentFrom', { payer }), reference)),
        insurance: -paid,
      });
    if (adj !== 0)
      d.push({
        ...at,
        type: 'adjustment',
        description: reversed(after(say('adjustmentBy', { payer }), p.codes)),
        insurance: -adj,
      });
    if (pr !== 0)
      d.push({
        ...at,
        type: 'patient_responsibility',
        description: reversed(say('patientResponsibilityPer', { payer })),
        insurance: -pr,
        patient: pr,
      });
  });
  for (const u of unapplied) {
    // What a patient paid beyond what was owed stays on the account as a credit.
    d.push({
      ...base,
      iso: u.iso,
      seq: Number(u.id),
      payment_id: Number(u.id),
      payment_batch_id: Number(u.batch),
      type: 'payment',
      description: u.reference ? say('unappliedCreditOf', { reference: u.reference }) : say('unappliedCredit'),
      patient: -Number(u.credit),
    });
  }
  for (const e of entries) {
    const sign = e.kind === 'write_off' ? -1 : 1;
    const amount = sign * Number(e.amount);
    d.push({
      ...base,
      ...(e.claim_id ? of(Number(e.claim_id)) : {}),
      iso: e.iso,
      seq: Number(e.id),
      entry_id: Number(e.id),
      type: e.kind,
      description: after(
        say(e.kind === 'write_off' ? 'writeOff' : 'refund', {
          side: e.responsibility,
          reason: REASONS.get(e.reason) ?? e.reason,
        }),
        e.note && `— ${e.note}`,
      ),
      insurance: e.responsibility === 'insurance' ? amount : 0,
      patient: e.responsibility === 'patient' ? amount : 0,
    });
  }
  for (const r of refiles) {
    d.push({
      ...base,
      ...of(Number(r.claim_id)),
      iso: r.iso,
      seq: Number(r.id),
      type: 'refile',
      description: say('refiled', { type: REFILE_TYPES.get(Number(r.refile_type)) ?? r.refile_type, status: r.status }),
    });
  }
  for (const s of statements) {
    d.push({
      ...base,
      iso: s.iso,
      seq: Number(s.id),
      type: 'statement',
      description: say(STATEMENT[s.sequence - 1] ?? 'statementN', {
        n: s.sequence,
        due: formatCents(Number(s.amount_due)),
      }),
    });
  }

  return inLedgerOrder(d);
}
