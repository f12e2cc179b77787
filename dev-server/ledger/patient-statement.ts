import { ADDRESS_TYPE } from '../../src/generated/ids.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { usDateToIso } from '../../src/domain/formats.ts';
import { patientLedgers, type LedgerRow } from './ledger-transactions.ts';

export interface StatementItem {
  date_of_service: string;
  claim_code: string;
  description: string;
  charges: number;
  insurance: number;
  patient_paid: number;
  due: number;
}
export interface Statement {
  patient_id: number;
  billing_company_id: number;
  account: string;
  patient_name: string;
  address: string[];
  from: { name: string; address: string[]; phone: string | null };
  statement_date: string;
  sequence: number;
  items: StatementItem[];
  /** what the patient owes by age of the service: current (0–30 days), 31–60, 61–90, 91–120, over 120 */
  aging: [number, number, number, number, number];
  amount_due: number;
  insurance_pending: number;
  /** the patient's preferred language: the statement is theirs to read, whoever prints it */
  language: 'en' | 'es';
}

const BUCKETS = [30, 60, 90, 120];
const days = (fromIso: string, toIso: string) => Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 86_400_000);

/**
 * A patient's statement as of a date, from the ledger: the claims the patient still owes on (open
 * items) with what was charged, what insurance paid or adjusted and what the patient paid, the
 * balance aged by date of service, the amount due, and what is still waiting on insurance.
 * The sequence is the statement's number for this patient (1st, 2nd, 3rd bill).
 */
export async function statementFor(db: Queryable, patientId: number, statementDate: string): Promise<Statement> {
  return (await statementsFor(db, [patientId], statementDate))[0];
}

/** Many patients' statements, in the order given, from one read of them and one of their ledgers (a run prints hundreds). */
export async function statementsFor(db: Queryable, patientIds: number[], statementDate: string): Promise<Statement[]> {
  const heads = new Map(
    (
      await db.query<Record<string, string | null>>(
        `select pt.id, pt.billing_company_id, pt.first_name, pt.last_name, pt.med_num, pt.language, pt.addresses::text as addresses, b.name as bc_name, b.address as bc_address, b.city as bc_city, b.state as bc_state, b.zip as bc_zip, b.phone as bc_phone,
              (select count(*) from patient_statements s where s.patient_id = pt.id) as sent
         from patients pt join billing_companies b on b.id = pt.billing_company_id where pt.id = any($1::bigint[])`,
        [patientIds],
      )
    ).rows.map((p) => [Number(p.id), p]),
  );
  const ledgers = await patientLedgers(db, patientIds);
  return patientIds.map((id) => statementOf(id, heads.get(id)!, ledgers.get(id)!, statementDate));
}

/** One patient's statement from their record and ledger. */
function statementOf(
  patientId: number,
  p: Record<string, string | null>,
  rows: LedgerRow[],
  statementDate: string,
): Statement {
  const byClaim = new Map<number, StatementItem & { iso: string }>();
  let unassigned = 0;
  for (const r of rows) {
    if (r.claim_id === null) {
      unassigned += r.patient;
      continue;
    }
    const item = byClaim.get(r.claim_id) ?? {
      date_of_service: r.date,
      iso: usDateToIso(r.date),
      claim_code: r.claim_code ?? '',
      description: '',
      charges: 0,
      insurance: 0,
      patient_paid: 0,
      due: 0,
    };
    if (r.type === 'charge') {
      item.charges += r.insurance + r.patient;
      if (r.description)
        item.description = [item.description, r.description.replace(/^Charge /, '')].filter(Boolean).join(', ');
    }
    if (r.type === 'payment' && r.insurance) item.insurance += -r.insurance;
    if (r.type === 'adjustment' || (r.type === 'write_off' && r.insurance)) item.insurance += -r.insurance;
    if ((r.type === 'payment' || r.type === 'write_off' || r.type === 'refund') && r.patient)
      item.patient_paid += -r.patient;
    item.due += r.patient;
    byClaim.set(r.claim_id, item);
  }
  const asOf = usDateToIso(statementDate);
  const aging: Statement['aging'] = [0, 0, 0, 0, 0];
  const items = [...byClaim.values()].filter((i) => i.due !== 0).sort((a, b) => a.iso.localeCompare(b.iso));
  for (const i of items) {
    const age = days(i.iso, asOf);
    const bucket = BUCKETS.findIndex((limit) => age <= limit);
    aging[bucket < 0 ? 4 : bucket] += i.due;
  }
  aging[0] += unassigned;
  const last = rows.at(-1);
  const address = (() => {
    const list = JSON.parse(p.addresses ?? '[]') as Array<{
      address: string;
      apt_suite?: string;
      city: string;
      state: string;
      zip: string;
      address_type_id?: number;
    }>;
    const a = list.find((x) => x.address_type_id === ADDRESS_TYPE.WORK) ?? list[0];
    return a ? [[a.address, a.apt_suite].filter(Boolean).join(' '), `${a.city}, ${a.state} ${a.zip}`] : [];
  })();
  return {
    patient_id: patientId,
    billing_company_id: Number(p.billing_company_id),
    language: p.language === 'es' ? 'es' : 'en',
    account: p.med_num ?? String(patientId),
    patient_name: `${p.first_name} ${p.last_name}`,
    address,
    from: {
      name: p.bc_name ?? '',
      address: [p.bc_address, [p.bc_city, p.bc_state, p.bc_zip].filter(Boolean).join(' ')].filter(
        (x): x is string => !!x,
      ),
      phone: p.bc_phone,
    },
    statement_date: statementDate,
    sequence: Number(p.sent) + 1,
    items: items.map(({ iso: _i, ...i }) => i),
    aging,
    amount_due: Math.max(last?.patient_balance ?? 0, 0),
    insurance_pending: last?.insurance_balance ?? 0,
  };
}

/** The statements given out are recorded (their dates are the bad-debt report's 1st, 2nd and 3rd bill dates), audited, in one transaction. */
export async function recordStatements(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  actor: Actor,
  statements: Statement[],
) {
  if (!statements.length) return;
  await db.transaction(async (tx) => {
    const ids = (
      await tx.query<{ id: string }>(
        `insert into patient_statements (billing_company_id, patient_id, statement_date, sequence, amount_due, insurance_balance, user_id)
       select * from unnest($1::bigint[], $2::bigint[], $3::date[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[]) returning id`,
        [
          statements.map((s) => s.billing_company_id),
          statements.map((s) => s.patient_id),
          statements.map((s) => usDateToIso(s.statement_date)),
          statements.map((s) => s.sequence),
          statements.map((s) => s.amount_due),
          statements.map((s) => s.insurance_pending),
          statements.map(() => (actor.system ? null : actor.userId)),
        ],
      )
    ).rows;
    await writeAuditMany(tx, actor, {
      entity: 'patient_statement',
      event: 'created',
      rows: ids.map((r, i) => ({
        entityId: Number(r.id),
        billingCompanyId: statements[i].billing_company_id,
        oldValues: null,
        newValues: {
          patient_id: statements[i].patient_id,
          statement_date: statements[i].statement_date,
          sequence: statements[i].sequence,
          amount_due: statements[i].amount_due,
        },
      })),
    });
  });
}
