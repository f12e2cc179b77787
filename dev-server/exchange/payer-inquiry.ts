import type { Database, Queryable } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import { DomainError, fieldError } from '../../src/domain/errors/domain-error.ts';
import { optionalId } from '../http/guarded-routes.ts';
import { openSecret } from '../security/secret-box.ts';
import { failureWords } from './connection.ts';
import {
  connects,
  exchangeAccount,
  interchangeUsage,
  nextInterchangeControl,
  openConnection,
  type ExchangeAccount,
} from './account-connection.ts';
import type { InquiryEnvelope } from '../../src/domain/x12/x12-envelope.ts';
import { logExchange, type ExchangeEntry } from './exchange-log.ts';
import type { CoreEndpoint } from './core-realtime.ts';
import type { FileStore } from '../storage/file-store.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';

/** A question file about to go to the clearing house (a 270, a 276): what the files exchanged will say of it. */
export type OutgoingInquiry = Omit<ExchangeEntry, 'result' | 'message'>;

/** The account a billing company asks payers through (a chosen one, or real time first, then one with a connection). */
export async function inquiryAccount(db: Queryable, bc: number, accountId: number | null): Promise<ExchangeAccount> {
  const account = await exchangeAccount(db, accountId, bc);
  if (!account) throw new DomainError('eligibility_no_account');
  return account;
}

/** The account's real-time (CAQH CORE) address with its user and sealed password, or null when it has none. */
export function coreEndpoint(account: ExchangeAccount): CoreEndpoint | null {
  if (!account.realtime_url) return null;
  return {
    url: account.realtime_url,
    envelope: account.realtime_envelope === 'mime' ? 'mime' : 'soap',
    user: account.realtime_user ?? account.submitter_id,
    password: account.realtime_secret_encrypted ? openSecret(account.realtime_secret_encrypted) : '',
    senderId: account.submitter_id,
    receiverId: account.receiver_id ?? account.submitter_id,
    timeoutMs: (account.realtime_timeout_seconds ?? 30) * 1000,
  };
}

/**
 * A question file put through the account's connection (SFTP or folders), or kept in the file store to be carried by
 * hand when the account has none; logged either way. Answers where it went, or why it could not go.
 */
export async function putInquiry(
  ctx: { db: Database; entities: Entity[] },
  actor: Actor,
  account: ExchangeAccount,
  file: OutgoingInquiry,
  text: string,
  said: (through: string) => string,
): Promise<{ through: string | null; failed?: string }> {
  let through: string | null = null;
  if (connects(account)) {
    let connection;
    try {
      connection = await openConnection(ctx.db, account);
      await connection.put(file.name, Buffer.from(text, 'utf8'));
      through = connection.label;
    } catch (e) {
      const reason = failureWords(e);
      await ctx.db.transaction((tx) =>
        logExchange(ctx, tx, actor, { ...file, result: 'send_failed', message: reason }),
      );
      return { through: null, failed: reason };
    } finally {
      await connection?.close();
    }
  }
  await ctx.db.transaction((tx) =>
    logExchange(ctx, tx, actor, {
      ...file,
      result: 'sent',
      message: said(through ?? 'the file store (to be uploaded by hand)'),
    }),
  );
  return { through };
}

/** A real-time answer, kept in the file store as it came, with its transaction sets of one functional group (HB, HN). */
export async function keepRealtimeAnswer(
  files: FileStore,
  actor: Actor,
  bc: number,
  answer: { name: string; text: string; functionalId: string },
) {
  const stored = await files.save(actor, {
    kind: 'ack',
    billingCompanyId: bc,
    name: answer.name,
    source: Buffer.from(answer.text, 'latin1'),
  });
  const doc = readInterchanges(answer.text);
  const transactions = doc.interchanges
    .flatMap((i) => i.groups)
    .filter((g) => g.functionalId === answer.functionalId)
    .flatMap((g) => g.transactions);
  return { stored, doc, separators: doc.separators!, transactions };
}

/**
 * The question that went in real time and the answer that came, in the files exchanged (in the caller's transaction,
 * beside what the answer changed): applied, or unreadable when nothing in it answered the question.
 */
export async function logRealtimeExchange(
  ctx: { db: Database; entities: Entity[] },
  tx: Queryable,
  actor: Actor,
  sent: OutgoingInquiry,
  answer: { fileId: number; name: string; size: number; kind: string; findings: string[] },
  words: { asked: string; applied: string | null },
) {
  await logExchange(ctx, tx, actor, { ...sent, result: 'sent', message: words.asked });
  await logExchange(ctx, tx, actor, {
    billingCompanyId: sent.billingCompanyId,
    accountId: sent.accountId,
    fileId: answer.fileId,
    direction: 'in',
    kind: answer.kind,
    name: answer.name,
    size: answer.size,
    result: words.applied ? 'applied' : 'unreadable',
    message:
      words.applied ??
      `The clearing house answered with something that is not an answer to this question. ${answer.findings
        .slice(0, 3)
        .join(' ')}`.trim(),
  });
}

/** The billing company of an account the person works for (its status run is the company's); else not found. */
export async function accountCompany(db: Queryable, actor: Actor, accountId: number): Promise<number> {
  const r = await db.query<{ bc: string }>(
    'select billing_company_id as bc from clearing_house_accounts where id = $1',
    [accountId],
  );
  const bc = r.rows[0] ? Number(r.rows[0].bc) : null;
  if (!bc || (!actor.crossTenant && !actor.billingCompanyIds.includes(bc))) throw new DomainError('not_found');
  return bc;
}

/**
 * A question file (a 270, a 276) written in the account's envelope under the next interchange control and kept in the
 * file store, in the caller's transaction: named {submitter}_{control}_{yyyymmdd}.{kind}.
 */
export async function keepInquiryFile(
  tx: Queryable,
  files: FileStore,
  actor: Actor,
  account: ExchangeAccount,
  q: { bc: number; at: Date; kind: '270' | '276'; write: (envelope: InquiryEnvelope) => string },
) {
  const control = await nextInterchangeControl(tx);
  const text = q.write({
    sender: account.submitter_id,
    receiver: account.receiver_id ?? account.submitter_id,
    control,
    at: q.at,
    usage: interchangeUsage(account.usage),
  });
  const file = await files.save(actor, {
    kind: 'x12-out',
    billingCompanyId: q.bc,
    source: Buffer.from(text, 'utf8'),
    name: `${account.submitter_id}_${control}_${q.at.toISOString().slice(0, 10).replace(/-/g, '')}.${q.kind}`,
    tx,
  });
  return { file, text };
}

/** The most records one bulk question asks about: one 270/276 file of them. */
export const MAX_BULK = 5000;

/**
 * The ids of a bulk question ({ids: [...]}), each an id, at most MAX_BULK, refused in words naming what is asked
 * about (the policies of an eligibility question, the claims of a status question).
 */
export function bulkIds(body: Record<string, unknown>, about: 'policies' | 'claims'): number[] {
  const ids = body.ids;
  if (!Array.isArray(ids) || !ids.length)
    throw fieldError('ids', about === 'policies' ? 'eligibility_policy_required' : 'inquiry_claims_required');
  if (ids.length > MAX_BULK)
    throw fieldError('ids', about === 'policies' ? 'eligibility_too_many' : 'inquiry_claims_too_many', {
      max: MAX_BULK,
    });
  return [...new Set(ids.map((x) => optionalId(x, 'ids')!))];
}
