import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { nowOf } from '../db/as-of.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { logExchange } from '../exchange/exchange-log.ts';
import { failureWords } from '../exchange/connection.ts';
import { askInRealTime } from '../exchange/core-realtime.ts';
import {
  coreEndpoint,
  inquiryAccount,
  keepInquiryFile,
  keepRealtimeAnswer,
  logRealtimeExchange,
  putInquiry,
  type OutgoingInquiry,
} from '../exchange/payer-inquiry.ts';
import type { EligibilityContext } from '../eligibility/eligibility-ask.ts';
import { write276, type ClaimStatusInquiry } from '../../src/domain/x12/claim-status-276-writer.ts';
import { read277 } from '../../src/domain/x12/claim-ack-277-reader.ts';
import { fillFrame } from '../../src/domain/history-notes.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';
import { statusInquiries } from './status-questions.ts';
import { applyClaimStatuses, type AppliedStatuses } from './status-answers.ts';

/** How a status question went: answered now (real time) or sent in files whose answers come with the clearing house's. */
export interface StatusOutcome {
  channel: 'realtime' | 'batch';
  asked: number[];
  failed: Array<{ id: number; error: string }>;
  sent_through: string | null;
  /** the questions asked, one per payer and clinic, each with its claims (a payer's answer reads them; so does the demo) */
  questions: ClaimStatusInquiry[];
  /** a real-time answer: what the payer said of the claim, and what it moved */
  answered?: AppliedStatuses & { said: string | null };
}

/** Claims asked about now: when they were asked (the follow-up list reads it), audited. */
async function markAsked(tx: Queryable, actor: Actor, bc: number, ids: number[]) {
  await tx.query(
    `update claims set status_asked_at = app_now() where billing_company_id = $1 and id = any($2::bigint[])`,
    [bc, ids],
  );
  await writeAuditMany(tx, actor, {
    entity: 'claim',
    event: 'updated',
    rows: ids.map((id) => ({
      entityId: id,
      billingCompanyId: bc,
      oldValues: null,
      newValues: { status_asked_at: 'now' },
    })),
  });
}

/**
 * Asks payers where claims stand (276, 005010X212) through the billing company's clearing-house account: one claim
 * with a real-time (CAQH CORE) address is answered now and the 277 applied at once; otherwise one 276 per payer and
 * clinic, put through the account's connection (or kept to be carried by hand), answered later with the clearing
 * house's files. A claim that cannot be asked says why; the others go.
 */
export async function askClaimStatus(
  ctx: EligibilityContext,
  actor: Actor,
  bc: number,
  claimIds: number[],
): Promise<StatusOutcome> {
  const account = await inquiryAccount(ctx.db, bc, null);
  const endpoint = coreEndpoint(account);
  const company = (await ctx.db.query<{ name: string }>('select name from billing_companies where id = $1', [bc]))
    .rows[0];
  const submitter = {
    name: String(company?.name ?? 'BILLING')
      .toUpperCase()
      .slice(0, 60),
    id: account.submitter_id,
  };
  const { inquiries, claimOf, failed } = await statusInquiries(ctx.db, bc, claimIds, submitter);
  const realtime = !!endpoint && claimIds.length === 1 && inquiries.length === 1;
  const outcome: StatusOutcome = {
    channel: realtime ? 'realtime' : 'batch',
    asked: [...claimOf.values()],
    failed,
    sent_through: null,
    questions: inquiries,
  };
  const at = nowOf(ctx.db);
  const files = await ctx.db.transaction(async (tx) => {
    const written = [];
    for (const inquiry of inquiries) {
      const { file, text } = await keepInquiryFile(tx, ctx.files, actor, account, {
        bc,
        at,
        kind: '276',
        write: (envelope) => write276({ ...inquiry, reference: `STA${envelope.control}` }, envelope),
      });
      written.push({ file, text, claims: inquiry.claims.map((c) => claimOf.get(c.trace)!) });
    }
    await markAsked(tx, actor, bc, outcome.asked);
    return written;
  });
  for (const { file, text, claims } of files) {
    const sent = {
      billingCompanyId: bc,
      accountId: account.id,
      fileId: file.id,
      direction: 'out' as const,
      kind: '276',
      name: file.name,
      size: Buffer.byteLength(text),
    };
    if (realtime && endpoint) {
      outcome.sent_through = new URL(endpoint.url).host;
      try {
        const answer = await askInRealTime(endpoint, '276', text);
        outcome.answered = await takeStatusAnswer(ctx, actor, bc, {
          name: file.name.replace(/\.276$/, '.277'),
          answer,
          sent,
        });
      } catch (e) {
        const reason = failureWords(e);
        await ctx.db.transaction((tx) =>
          logExchange(ctx, tx, actor, { ...sent, result: 'send_failed', message: reason }),
        );
        outcome.failed.push(...claims.map((id) => ({ id, error: reason })));
        outcome.asked = outcome.asked.filter((id) => !claims.includes(id));
      }
      continue;
    }
    const put = await putInquiry(ctx, actor, account, sent, text, (through) =>
      fillFrame('{count} claim status question(s) sent through {where}.', { count: claims.length, where: through }),
    );
    outcome.sent_through = put.through;
    if (put.failed) {
      outcome.failed.push(...claims.map((id) => ({ id, error: put.failed! })));
      outcome.asked = outcome.asked.filter((id) => !claims.includes(id));
    }
  }
  return outcome;
}

/** A real-time 277: kept, logged with its question, applied to the claim; what the payer said of it. */
async function takeStatusAnswer(
  ctx: EligibilityContext,
  actor: Actor,
  bc: number,
  a: { name: string; answer: string; sent: OutgoingInquiry },
): Promise<AppliedStatuses & { said: string | null }> {
  const got = await keepRealtimeAnswer(ctx.files, actor, bc, { name: a.name, text: a.answer, functionalId: 'HN' });
  const statuses = got.transactions.flatMap((t) => read277(t, got.separators));
  const claimEntity = ctx.entities.find((e) => e.name === 'claim')!;
  return ctx.db.transaction(async (tx) => {
    const applied = await applyClaimStatuses(tx, claimEntity, actor, bc, statuses);
    const claims = [...applied.denied, ...applied.rejected, ...applied.noted];
    await logRealtimeExchange(
      ctx,
      tx,
      actor,
      a.sent,
      {
        fileId: got.stored.id,
        name: a.name,
        size: Buffer.byteLength(a.answer),
        kind: '277',
        findings: got.doc.findings.map((f) => f.message),
      },
      {
        asked: 'One claim status question asked in real time.',
        applied: claims.length ? fillFrame('{count} claim status answer(s) applied', { count: claims.length }) : null,
      },
    );
    const said = (
      await tx.query<{ payer_status: string | null }>(
        'select payer_status from claims where billing_company_id = $1 and id = any($2::bigint[]) order by payer_status_at desc nulls last limit 1',
        [bc, claims],
      )
    ).rows[0]?.payer_status;
    return { ...applied, said: said ?? null };
  });
}

/**
 * The claims to ask about today: Submitted longer ago than their payer's expected days (its setting, else 30) and not
 * asked in the last week. Those asked before and still unanswered say so first: they are the follow-up list.
 */
export async function claimsDue(db: Database, actor: Actor, bc: number, limit = 5000): Promise<number[]> {
  const ids = (
    await db.query<{ id: string }>(
      `select c.id from claims c
         left join lateral (select p.insurance_company_id from insurance_policies p
                             where p.id in (select jsonb_array_elements_text(coalesce(c.insurance_policy_ids, '[]'::jsonb))::bigint)
                             order by p.type_responsibility_id limit 1) p on true
         left join payer_settings ps on ps.billing_company_id = c.billing_company_id and ps.insurance_company_id = p.insurance_company_id
         join lateral (select max(t.created_at) as at from state_transitions t
                        where t.entity = 'claim' and t.entity_id = c.id and t.to_state = $2) s on true
        where c.billing_company_id = $1 and c.status_id = $2
          and s.at < app_now() - make_interval(days => coalesce(ps.status_after_days, 30))
          and (c.status_asked_at is null or c.status_asked_at < app_now() - interval '7 days')
        order by s.at limit $3`,
      [bc, CLAIM_STATUS.SUBMITTED, limit],
    )
  ).rows.map((r) => Number(r.id));
  await db.transaction(async (tx) => {
    const unanswered = await tx.query<{ id: string; payer_status: string }>(
      `update claims set payer_status = 'No answer to the status question of ' || to_char(status_asked_at, 'MM/DD/YYYY'), payer_status_at = null
        where billing_company_id = $1 and id = any($2::bigint[]) and status_asked_at is not null
          and (payer_status_at is null or payer_status_at < status_asked_at)
        returning id, payer_status`,
      [bc, ids],
    );
    await writeAuditMany(tx, actor, {
      entity: 'claim',
      event: 'updated',
      rows: unanswered.rows.map((r) => ({
        entityId: Number(r.id),
        billingCompanyId: bc,
        oldValues: null,
        newValues: { payer_status: r.payer_status },
      })),
    });
  });
  return ids;
}

/** Where a claim stands now (its state id), after an answer may have moved it. */
export async function claimStateOf(db: Queryable, claimId: number): Promise<number> {
  const r = await db.query<{ status_id: number }>('select status_id from claims where id = $1', [claimId]);
  return Number(r.rows[0].status_id);
}
