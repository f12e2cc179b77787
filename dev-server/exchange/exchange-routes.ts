import { DomainError, invalid, problem, ruleText } from '../../src/domain/errors/domain-error.ts';
import { json, record, file } from '../http/answers.ts';
import { sendStoredFile } from '../files/file-routes.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { storeOf } from '../resources/store-of.ts';
import { exchangeAccount, openConnection, rememberedFingerprint } from './account-connection.ts';
import { ConnectionError } from './connection.ts';
import { pollAccount } from './inbound-poll.ts';
import type { ReceiveContext } from './receive-file.ts';

/** The account as the caller may see it (another tenant's is not there), with what its connection needs. */
async function accountFor(
  ctx: ReceiveContext,
  req: Parameters<GuardedRoute<ReceiveContext>['handle']>[1],
  actor: Parameters<GuardedRoute<ReceiveContext>['handle']>[2],
) {
  const row = await storeOf(ctx, actor, 'clearing-house-account').get(idParam(req));
  const account = await exchangeAccount(ctx.db, row.id, Number(row.billing_company_id));
  if (!account) throw new DomainError('not_found');
  return account;
}

const failed = (e: unknown) => {
  if (e instanceof ConnectionError)
    throw invalid({ connection: [ruleText(e.message)] }, 'rule_text', { text: e.message });
  throw e;
};

/** A clearing-house account's connection: try it, take in its inbound files now, forget a server key that changed. */
export const exchangeRoutes: GuardedRoute<ReceiveContext>[] = [
  {
    method: 'post',
    path: '/clearing-house-account/{id}/test-connection',
    answers: json({
      ok: 'boolean',
      connection: 'string',
      inbound_files: 'integer',
      host_fingerprint: 'string',
      message: 'string',
    }),
    permission: ['clearinghouse.edit', 'claimbatch.send'],
    summary:
      "Connects with the account's settings and lists its inbound folder (nothing is sent or taken); the server key seen first is remembered",
    async handle(ctx, req, actor, res) {
      const account = await accountFor(ctx, req, actor);
      const connection = await openConnection(ctx.db, account).catch(failed);
      try {
        const waiting = account.inbound_folder ? await connection.listInbound() : [];
        const fingerprint = await rememberedFingerprint(ctx.db, account.id);
        const message =
          res.locals.locale === 'es'
            ? `Conectado a ${connection.label}; ${waiting.length} archivo(s) esperan en la carpeta de entrada.`
            : `Connected to ${connection.label}; ${waiting.length} file(s) waiting in the inbound folder.`;
        return {
          ok: true,
          connection: connection.label,
          inbound_files: waiting.length,
          host_fingerprint: fingerprint,
          message,
        };
      } catch (e) {
        return failed(e);
      } finally {
        await connection.close();
      }
    },
  },
  {
    method: 'post',
    path: '/clearing-house-account/{id}/poll',
    answers: json({
      account_id: 'integer',
      connection: 'string',
      received: [
        {
          name: 'string',
          exchange_id: 'integer',
          file_id: 'integer?',
          kind: 'string?',
          result: 'string',
          message: 'string',
          duplicate: 'boolean',
        },
      ],
      errors: ['any'],
      message: 'string',
    }),
    permission: 'claimbatch.send',
    summary:
      "Takes in the files waiting in the account's inbound folder now (the scheduled poll does the same every poll_minutes)",
    async handle(ctx, req, actor, res) {
      const account = await accountFor(ctx, req, actor);
      if (!account.inbound_folder) throw invalid({ inbound_folder: [problem('account_no_inbound_folder')] });
      const out = await pollAccount(ctx, actor, account).catch(failed);
      const n = out.received.filter((r) => !r.duplicate && r.result !== 'set_aside').length;
      const aside = out.received.filter((r) => r.result === 'set_aside').length;
      const message =
        res.locals.locale === 'es'
          ? `${n} archivo(s) recibido(s)${aside ? `; ${aside} apartado(s): no son de esta cuenta` : ''}${out.errors.length ? `; ${out.errors.length} no se pudieron tomar` : ''}.`
          : `${n} file(s) received${aside ? `; ${aside} set aside: not this account's` : ''}${out.errors.length ? `; ${out.errors.length} could not be taken` : ''}.`;
      return { ...out, message };
    },
  },
  {
    method: 'post',
    path: '/clearing-house-account/{id}/forget-server-key',
    answers: json(record('clearing_house_account')),
    permission: 'clearinghouse.edit',
    summary:
      'Forgets the SFTP server key remembered at the first connection (after the clearing house announced a new one); the next connection remembers the new key',
    async handle(ctx, req, actor) {
      const store = storeOf(ctx, actor, 'clearing-house-account');
      const row = await store.get(idParam(req));
      return ctx.db.transaction(async (tx) =>
        store.applyUpdate(tx, await store.get(row.id, tx, true), { host_fingerprint: null }, 'updated'),
      );
    },
  },
  {
    method: 'get',
    path: '/clearing-house-file/{id}/content',
    phi: { entity: 'clearing_house_file', view: 'content' },
    answers: file(['text/plain', 'application/octet-stream']),
    permission: 'clearinghousefile.show',
    raw: true,
    summary:
      'The bytes of a file exchanged with a clearing house (the 837 sent, the acknowledgment or ERA received, or a file that could not be read)',
    async handle(ctx, req, actor, res) {
      const row = await storeOf(ctx, actor, 'exchange-file').get(idParam(req));
      if (!row.file_id) throw new DomainError('not_found');
      await sendStoredFile(ctx.files, await ctx.files.get(actor, Number(row.file_id)), res);
    },
  },
];
