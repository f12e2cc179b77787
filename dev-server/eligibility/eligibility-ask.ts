import type { Database, Queryable } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { Actor } from '../security/actor.ts';
import { nowOf } from '../db/as-of.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { logExchange } from '../exchange/exchange-log.ts';
import { failureWords } from '../exchange/connection.ts';
import {
  coreEndpoint,
  inquiryAccount,
  keepInquiryFile,
  keepRealtimeAnswer,
  logRealtimeExchange,
  putInquiry,
  type OutgoingInquiry,
} from '../exchange/payer-inquiry.ts';
import { write270, type EligibilityInquiry } from '../../src/domain/x12/eligibility-270-writer.ts';
import { read271 } from '../../src/domain/x12/eligibility-271-reader.ts';
import { askInRealTime } from '../exchange/core-realtime.ts';
import { newTrace, prepareQuestions, type PolicyAsk, type PreparedQuestion } from './eligibility-questions.ts';
import { applyEligibilityAnswers } from './eligibility-answers.ts';

export interface EligibilityContext {
  db: Database;
  entities: Entity[];
  files: FileStore;
}

/** How a question went: answered now (real time), sent in a file (its answer comes with the clearing house's files), or not asked. */
export interface AskOutcome {
  channel: 'realtime' | 'batch';
  /** the checks written, in the order asked */
  checks: number[];
  failed: Array<{ insurance_policy_id: number; error: string }>;
  /** where the 270 went, for people: the account's connection, or the file store to be carried by hand */
  sent_through: string | null;
  file_id: number | null;
  /** the questions the 270 asked, as written (what a payer answers; the demo's clearing house reads them) */
  questions: EligibilityInquiry[];
}

/** The checks of the questions, one row each (waiting, or failed with why it could not be asked), audited as created. */
async function recordChecks(
  tx: Queryable,
  actor: Actor,
  bc: number,
  rows: Array<{ q: PreparedQuestion; channel: string; accountId: number; fileId: number | null }>,
): Promise<number[]> {
  const values = rows.map(({ q, channel, accountId, fileId }, n) => ({
    n,
    patient_id: q.patientId,
    insurance_policy_id: q.ask.policyId,
    claim_id: q.ask.claimId ?? null,
    service_date: q.ask.serviceDate,
    channel,
    state: q.inquiry ? 'waiting' : 'failed',
    error: q.problem ?? null,
    trace: q.inquiry?.trace ?? newTrace(),
    clearing_house_account_id: accountId,
    request_file_id: q.inquiry ? fileId : null,
    asked_by: actor.system ? null : actor.userId,
  }));
  const ids = (
    await tx.query<{ id: string }>(
      `insert into eligibility_checks (billing_company_id, asked_at, patient_id, insurance_policy_id, claim_id, service_date, channel, state, error,
                                       trace, clearing_house_account_id, request_file_id, asked_by)
       select $1, app_now(), x.patient_id, x.insurance_policy_id, x.claim_id, x.service_date::date, x.channel, x.state, x.error,
              x.trace, x.clearing_house_account_id, x.request_file_id, x.asked_by
         from jsonb_to_recordset($2::jsonb) as x(patient_id bigint, insurance_policy_id bigint, claim_id bigint, service_date text,
              channel text, state text, error text, trace text, clearing_house_account_id bigint, request_file_id bigint, asked_by bigint, n int)
        order by x.n
       returning id`,
      [bc, JSON.stringify(values)],
    )
  ).rows.map((r) => Number(r.id));
  await writeAuditMany(tx, actor, {
    entity: 'eligibility-check',
    event: 'created',
    rows: ids.map((id, i) => ({ entityId: id, billingCompanyId: bc, oldValues: null, newValues: values[i] })),
  });
  return ids;
}

/** Checks that could not reach the payer: failed, with the reason in words. */
async function markFailed(db: Queryable, bc: number, ids: number[], error: string) {
  await db.query(
    `update eligibility_checks set state = 'failed', error = $3, version = version + 1, updated_at = app_now()
      where billing_company_id = $1 and id = any($2::bigint[]) and state = 'waiting'`,
    [bc, ids, error.slice(0, 2000)],
  );
}

/**
 * Asks payers whether policies are in force on a day, through the billing company's clearing-house account. One
 * question with a real-time (CAQH CORE) address is answered now: the 270 goes, the 271 comes back and is kept on the
 * check. Otherwise every question goes in one 270 file, put through the account's connection (or kept in the file
 * store to be carried by hand); its answers arrive with the clearing house's files and are applied by their trace.
 * A question that cannot be asked (no payer id, no NPI) is kept as failed with why; the others go.
 */
export async function askEligibility(
  ctx: EligibilityContext,
  actor: Actor,
  bc: number,
  asks: PolicyAsk[],
  opts: { accountId?: number | null } = {},
): Promise<AskOutcome> {
  const account = await inquiryAccount(ctx.db, bc, opts.accountId ?? null);
  const endpoint = coreEndpoint(account);
  const realtime = asks.length === 1 && !!endpoint;
  const prepared = await prepareQuestions(ctx.db, bc, asks);
  const askable = prepared.filter((q) => q.inquiry);
  const channel = realtime ? 'realtime' : 'batch';
  const at = nowOf(ctx.db);
  const { ids, file, text } = await ctx.db.transaction(async (tx) => {
    let written: { file: { id: number; name: string }; text: string } | null = null;
    if (askable.length)
      written = await keepInquiryFile(tx, ctx.files, actor, account, {
        bc,
        at,
        kind: '270',
        write: (envelope) =>
          write270(
            askable.map((q) => q.inquiry!),
            envelope,
            askable.length === 1 ? askable[0].inquiry!.trace : `ELG${envelope.control}`,
          ),
      });
    const checkIds = await recordChecks(
      tx,
      actor,
      bc,
      prepared.map((q) => ({ q, channel, accountId: account.id, fileId: written?.file.id ?? null })),
    );
    return { ids: checkIds, file: written?.file ?? null, text: written?.text ?? '' };
  });
  const failed = prepared
    .filter((q) => q.problem)
    .map((q) => ({ insurance_policy_id: q.ask.policyId, error: q.problem! }));
  const waiting = ids.filter((_, i) => prepared[i].inquiry);
  const outcome: AskOutcome = {
    channel,
    checks: ids,
    failed,
    sent_through: null,
    file_id: file?.id ?? null,
    questions: askable.map((q) => q.inquiry!),
  };
  if (!file) return outcome;
  const sent = {
    billingCompanyId: bc,
    accountId: account.id,
    fileId: file.id,
    direction: 'out' as const,
    kind: '270',
    name: file.name,
    size: Buffer.byteLength(text),
  };
  if (endpoint && realtime) {
    outcome.sent_through = new URL(endpoint.url).host;
    let answer: string;
    try {
      answer = await askInRealTime(endpoint, '270', text);
    } catch (e) {
      const reason = failureWords(e);
      await ctx.db.transaction(async (tx) => {
        await markFailed(tx, bc, waiting, reason);
        await logExchange(ctx, tx, actor, { ...sent, result: 'send_failed', message: reason });
      });
      outcome.failed.push({ insurance_policy_id: asks[0].policyId, error: reason });
      return outcome;
    }
    await takeAnswers(ctx, actor, bc, { name: file.name.replace(/\.270$/, '.271'), text: answer, sent });
    return outcome;
  }
  const put = await putInquiry(
    ctx,
    actor,
    account,
    sent,
    text,
    (through) => `${waiting.length} eligibility question(s) sent through ${through}.`,
  );
  if (put.failed) {
    await ctx.db.transaction((tx) => markFailed(tx, bc, waiting, put.failed!));
    outcome.failed.push(
      ...prepared.filter((q) => q.inquiry).map((q) => ({ insurance_policy_id: q.ask.policyId, error: put.failed! })),
    );
  }
  outcome.sent_through = put.through;
  return outcome;
}

/** A real-time answer: kept in the file store, logged with the question that went, and applied to its checks. */
async function takeAnswers(
  ctx: EligibilityContext,
  actor: Actor,
  bc: number,
  a: { name: string; text: string; sent: OutgoingInquiry },
) {
  const got = await keepRealtimeAnswer(ctx.files, actor, bc, { name: a.name, text: a.text, functionalId: 'HB' });
  const answers = got.transactions.flatMap((t) => read271(t, got.separators));
  await ctx.db.transaction(async (tx) => {
    const { applied } = await applyEligibilityAnswers(tx, actor, bc, answers, got.stored.id);
    await logRealtimeExchange(
      ctx,
      tx,
      actor,
      a.sent,
      {
        fileId: got.stored.id,
        name: a.name,
        size: Buffer.byteLength(a.text),
        kind: '271',
        findings: got.doc.findings.map((f) => f.message),
      },
      {
        asked: 'One eligibility question asked in real time.',
        applied: applied.length ? `${applied.length} eligibility answer(s) kept on the policy.` : null,
      },
    );
    if (!applied.length)
      await tx.query(
        `update eligibility_checks set state = 'failed', error = $3 where billing_company_id = $1 and request_file_id = $2 and state = 'waiting'`,
        [bc, a.sent.fileId, 'The clearing house answered with something that is not an answer to this question.'],
      );
  });
}
