import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { log } from '../http/server-log.ts';
import { exchangeAccount, openConnection, type ExchangeAccount } from './account-connection.ts';
import { ConnectionError, SET_ASIDE_FOLDER } from './connection.ts';
import { addresseeOf, notOursReason } from './inbound-addressee.ts';
import { logExchange } from './exchange-log.ts';
import { receiveFile, type ReceiveContext, type ReceiveOutcome } from './receive-file.ts';

export interface PollOutcome {
  account_id: number;
  connection: string;
  received: Array<
    Pick<ReceiveOutcome, 'exchange_id' | 'kind' | 'result' | 'message' | 'duplicate'> & {
      name: string;
      file_id: number | null;
    }
  >;
  errors: string[];
}

/**
 * Takes in what waits in an account's inbound folder: each file is kept and applied (receiveFile),
 * and only then removed from the folder, so a stop half-way loses nothing (the next poll finds the
 * file again, and its hash shows whether it was already applied). One file that fails does not stop
 * the others.
 */
export async function pollAccount(ctx: ReceiveContext, actor: Actor, account: ExchangeAccount): Promise<PollOutcome> {
  const out: PollOutcome = { account_id: account.id, connection: '', received: [], errors: [] };
  await ctx.db.query('update clearing_house_accounts set last_polled_at = now() where id = $1', [account.id]);
  const connection = await openConnection(ctx.db, account);
  out.connection = connection.label;
  try {
    for (const f of await connection.listInbound()) {
      try {
        const bytes = await connection.get(f.name);
        const notOurs = await notOursReason(ctx.db, account, addresseeOf(bytes.toString('latin1')));
        if (notOurs) {
          // Another's file (a clearing house's mistake, or a folder shared by error) is neither kept nor applied here:
          // it is moved aside in the folder, and the log says so without holding its contents.
          await connection.setAside(f.name);
          const message = `${notOurs} Set aside in ${SET_ASIDE_FOLDER}/ of the inbound folder; nothing was taken in.`;
          const exchangeId = await ctx.db.transaction((tx) =>
            logExchange(ctx, tx, actor, {
              billingCompanyId: account.billing_company_id,
              accountId: account.id,
              fileId: null,
              direction: 'in',
              kind: 'unknown',
              name: f.name,
              size: bytes.length,
              result: 'set_aside',
              message,
            }),
          );
          out.received.push({
            name: f.name,
            exchange_id: exchangeId,
            file_id: null,
            kind: null,
            result: 'set_aside',
            message,
            duplicate: false,
          });
          continue;
        }
        const r = await receiveFile(ctx, actor, {
          billingCompanyId: account.billing_company_id,
          accountId: account.id,
          name: f.name,
          bytes,
        });
        out.received.push({
          name: f.name,
          exchange_id: r.exchange_id,
          file_id: r.file_id,
          kind: r.kind,
          result: r.result,
          message: r.message,
          duplicate: r.duplicate,
        });
        await connection.remove(f.name);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        out.errors.push(`${f.name}: ${why}`);
        log.warn({ account_id: account.id, file: f.name, err: { message: why } }, 'inbound file not taken');
      }
    }
  } finally {
    await connection.close();
  }
  return out;
}

/** Polls one account of a billing company by id (a person's "check now", or the scheduled job). */
export async function pollAccountById(
  ctx: ReceiveContext,
  actor: Actor,
  accountId: number,
  billingCompanyId: number,
): Promise<PollOutcome> {
  const account = await exchangeAccount(ctx.db, accountId, billingCompanyId);
  if (!account) throw new ConnectionError('The clearing house account was not found.');
  return pollAccount(ctx, actor, account);
}

/**
 * The accounts whose inbound folder is due a look, each claimed for this round by moving its
 * last_polled_at (so two server processes never poll the same account at once).
 */
export async function claimDueAccounts(db: Database): Promise<Array<{ id: number; billing_company_id: number }>> {
  const r = await db.query<{ id: string; billing_company_id: string }>(
    `update clearing_house_accounts set last_polled_at = now()
      where connection in ('sftp', 'folder') and inbound_folder is not null
        and (last_polled_at is null or last_polled_at + make_interval(mins => coalesce(poll_minutes, 15)) <= now())
      returning id, billing_company_id`,
  );
  return r.rows.map((x) => ({ id: Number(x.id), billing_company_id: Number(x.billing_company_id) }));
}
