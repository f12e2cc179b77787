import { DomainError, invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';
import { CLAIM_STATUS, PAYMENT_BATCH_STATUS, PAYMENT_SOURCE } from '../../src/generated/ids.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';

/** Whose books: a billing company's, all its companies (company null) or one of them. */
export interface BooksScope {
  billingCompanyId: number;
  companyId: number | null;
}

/** A month as people write it (mm/yyyy) with its first and last day (ISO). */
export interface Month {
  text: string;
  first: string;
  last: string;
}

/** "10/2026" → October 2026's first and last day; anything else is refused in words. */
export function monthOf(value: unknown): Month {
  const m = typeof value === 'string' ? /^(\d{1,2})\/(\d{4})$/.exec(value.trim()) : null;
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) throw invalid({ month: [problem('books_month_like')] });
  const year = Number(m[2]);
  const mm = String(month).padStart(2, '0');
  // The day before the next month's first: day 0 of the next month, in UTC so no time zone moves it.
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { text: `${mm}/${year}`, first: `${year}-${mm}-01`, last };
}

/**
 * What must be finished before a month closes, dated on or before its last day: payment batches still open, ERAs
 * not posted, ERA exceptions not worked, draft claims, patient money not applied. One statement; counts, each the
 * open work of the scope (a company's close counts its own claims and patients' money, and the billing company's
 * batches and ERAs, which are not a company's).
 */
export async function booksChecklist(db: Queryable, scope: BooksScope, lastDay: string) {
  const r = await db.query<Record<string, string>>(
    `select
       (select count(*) from payment_batches b where b.billing_company_id = $1 and b.status_id <> $4 and b.posting_date <= $3::date) as open_batches,
       (select count(*) from era_files f where f.billing_company_id = $1 and f.status in ('new', 'held') and f.payment_date <= $3::date) as unposted_eras,
       (select count(*) from era_exceptions x join era_files f on f.id = x.era_file_id
         where f.billing_company_id = $1 and not x.resolved and f.payment_date <= $3::date) as open_exceptions,
       (select count(*) from claims c where c.billing_company_id = $1 and c.status_id = $5
         and coalesce(c.date_of_service, c.created_at::date) <= $3::date and ($2::bigint is null or c.company_id = $2)) as draft_claims,
       (select count(*) from payments p where p.billing_company_id = $1 and p.source_id = $6 and p.payment_date <= $3::date
         and p.reverses_payment_id is null and p.amount > coalesce(p.distributed, 0)
         and not exists (select 1 from payments r where r.reverses_payment_id = p.id)
         and ($2::bigint is null or exists (select 1 from patients t where t.id = p.patient_id and t.company_id = $2))) as unapplied_patient_money`,
    [
      scope.billingCompanyId,
      scope.companyId,
      lastDay,
      PAYMENT_BATCH_STATUS.COMPLETED,
      CLAIM_STATUS.DRAFT,
      PAYMENT_SOURCE.PATIENT,
    ],
  );
  const counts = Object.fromEntries(Object.entries(r.rows[0]).map(([k, v]) => [k, Number(v)])) as Record<
    'open_batches' | 'unposted_eras' | 'open_exceptions' | 'draft_claims' | 'unapplied_patient_money',
    number
  >;
  return { counts, open: Object.values(counts).some((n) => n > 0) };
}

/** The day a scope's books are closed through now (its own close or, for a company, its billing company's). */
export async function closedThrough(db: Queryable, scope: BooksScope): Promise<string | null> {
  const r = await db.query<{ through: string | null }>(
    `select to_char(books_closed_through($1, $2), 'YYYY-MM-DD') as through`,
    [scope.billingCompanyId, scope.companyId],
  );
  return r.rows[0].through;
}

async function assertCompanyOf(db: Queryable, scope: BooksScope) {
  if (scope.companyId === null) return;
  const r = await db.query('select 1 from companies where id = $1 and billing_company_id = $2', [
    scope.companyId,
    scope.billingCompanyId,
  ]);
  if (!r.rows.length) throw invalid({ company_id: [problem('books_company_not_found')] });
}

/** Records the act and the scope's new closed-through day, and audits it, in the caller's transaction. */
async function record(
  tx: Queryable,
  actor: Actor,
  scope: BooksScope,
  act: { action: 'close' | 'reopen'; month: string; through: string; reason: string | null; before: string | null },
): Promise<number> {
  const r = await tx.query<{ id: string }>(
    `insert into books_closes (billing_company_id, company_id, month, action, closed_through, reason, user_id)
     values ($1, $2, $3, $4, $5::date, $6, $7) returning id`,
    [
      scope.billingCompanyId,
      scope.companyId,
      act.month,
      act.action,
      act.through,
      act.reason,
      actor.system ? null : actor.userId,
    ],
  );
  await tx.query(
    `insert into books_closed (billing_company_id, company_id, closed_through) values ($1, $2, $3::date)
     on conflict (billing_company_id, coalesce(company_id, 0)) do update set closed_through = excluded.closed_through`,
    [scope.billingCompanyId, scope.companyId, act.through],
  );
  await writeAudit(tx, actor, {
    entity: 'books_close',
    event: act.action === 'close' ? 'books_closed' : 'books_reopened',
    entityId: Number(r.rows[0].id),
    billingCompanyId: scope.billingCompanyId,
    oldValues: { company_id: scope.companyId, closed_through: act.before },
    newValues: {
      company_id: scope.companyId,
      closed_through: act.through,
      ...(act.reason ? { reason: act.reason } : {}),
    },
  });
  return Number(r.rows[0].id);
}

/** The scope's own closed-through day (not its billing company's): what a close moves forward and a reopen back. */
async function ownClosedThrough(tx: Queryable, scope: BooksScope): Promise<string | null> {
  const r = await tx.query<{ through: string }>(
    `select to_char(closed_through, 'YYYY-MM-DD') as through from books_closed
      where billing_company_id = $1 and coalesce(company_id, 0) = coalesce($2, 0) for update`,
    [scope.billingCompanyId, scope.companyId],
  );
  return r.rows[0]?.through ?? null;
}

/**
 * Closes the books through a month's last day: only forward, only a month that is over, only with its checklist
 * empty (the counts come back with the refusal). From then on the database refuses any posting, payment, ledger
 * entry or change dated on or before that day, for the scope.
 */
export async function closeBooks(db: Database, actor: Actor, scope: BooksScope, month: Month) {
  return db.transaction(async (tx) => {
    await assertCompanyOf(tx, scope);
    const over = await tx.query<{ over: boolean }>('select $1::date < app_now()::date as over', [month.last]);
    if (!over.rows[0].over) throw invalid({ month: [problem('books_month_like')] });
    const before = await ownClosedThrough(tx, scope);
    if (before && before >= month.last)
      throw new DomainError('books_close_only_forward', { through: isoToUsDate(before) });
    const checklist = await booksChecklist(tx, scope, month.last);
    if (checklist.open)
      throw new DomainError(
        'books_checklist_open',
        { month: month.text, ...checklist.counts },
        {},
        { body: { checklist: checklist.counts } },
      );
    return record(tx, actor, scope, { action: 'close', month: month.text, through: month.last, reason: null, before });
  });
}

/**
 * Reopens a scope's books from a month on: the closed-through day moves back to the end of the month before it (what
 * is before stays closed), with the reason said; audited like the close.
 */
export async function reopenBooks(db: Database, actor: Actor, scope: BooksScope, month: Month, reason: unknown) {
  const why = typeof reason === 'string' ? reason.trim() : '';
  if (why.length < 3 || why.length > 500) throw invalid({ reason: [problem('books_reopen_reason')] });
  return db.transaction(async (tx) => {
    await assertCompanyOf(tx, scope);
    const before = await ownClosedThrough(tx, scope);
    if (!before || before < month.first) throw new DomainError('books_not_closed', { month: month.text });
    // Everything before the month stays closed: the books are closed through the day before it.
    const r = await tx.query<{ through: string }>(`select to_char($1::date - 1, 'YYYY-MM-DD') as through`, [
      month.first,
    ]);
    const through = r.rows[0].through;
    return record(tx, actor, scope, { action: 'reopen', month: month.text, through, reason: why, before });
  });
}

/** A scope's closed-through day, as people read dates (its closes and reopens are the books-close list). */
export async function booksState(db: Queryable, scope: BooksScope) {
  return { closed_through: isoToUsDate(await closedThrough(db, scope)) };
}
