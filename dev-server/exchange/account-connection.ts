import type { Queryable } from '../db/database.ts';
import { openSecret } from '../security/secret-box.ts';
import { ConnectionError, type ClearingHouseConnection } from './connection.ts';
import { billingCompanyExchangeRoot, folderConnection } from './folder-connection.ts';
import { sftpConnection } from './sftp-connection.ts';
import { x12UsageIndicator } from '../x12/x12-settings.ts';

export interface ExchangeAccount {
  id: number;
  billing_company_id: number;
  clearing_house_id: number;
  house: string;
  submitter_id: string;
  receiver_id: string | null;
  usage: string | null;
  sender_qualifier: string | null;
  receiver_qualifier: string | null;
  file_name_pattern: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  connection: 'none' | 'sftp' | 'folder' | null;
  host: string | null;
  port: number | null;
  username: string | null;
  auth_method: string | null;
  secret_encrypted: string | null;
  host_fingerprint: string | null;
  outbound_folder: string | null;
  inbound_folder: string | null;
  poll_minutes: number | null;
  realtime_url: string | null;
  realtime_envelope: string | null;
  realtime_user: string | null;
  realtime_secret_encrypted: string | null;
  realtime_timeout_seconds: number | null;
}

/** A billing company's clearing-house account with what its connections need (the sealed secret included: server side only). */
export async function exchangeAccount(
  db: Queryable,
  /** null: the account the billing company asks payers through (real time first, then one with a connection) */
  id: number | null,
  billingCompanyId: number,
): Promise<ExchangeAccount | null> {
  const r = await db.query<ExchangeAccount>(
    `select a.id, a.billing_company_id, a.clearing_house_id, h.name as house, a.submitter_id, a.receiver_id, a.usage, a.sender_qualifier, a.receiver_qualifier,
            a.file_name_pattern, a.contact_name, a.contact_phone, a.connection, a.host, a.port, a.username, a.auth_method, a.secret_encrypted,
            a.host_fingerprint, a.outbound_folder, a.inbound_folder, a.poll_minutes,
            a.realtime_url, a.realtime_envelope, a.realtime_user, a.realtime_secret_encrypted, a.realtime_timeout_seconds
       from clearing_house_accounts a join clearing_houses h on h.id = a.clearing_house_id
      where a.billing_company_id = $2 and ($1::bigint is null or a.id = $1)
      order by (a.realtime_url is not null) desc, (a.connection in ('sftp', 'folder')) desc, a.id
      limit 1`,
    [id, billingCompanyId],
  );
  return r.rows[0]
    ? { ...r.rows[0], id: Number(r.rows[0].id), billing_company_id: Number(r.rows[0].billing_company_id) }
    : null;
}

/** Whether files of this account travel by themselves (SFTP or folders) or are carried by hand. */
export const connects = (a: ExchangeAccount) => a.connection === 'sftp' || a.connection === 'folder';

/** Opens the account's connection; the server key seen first is remembered on the account. */
export async function openConnection(db: Queryable, a: ExchangeAccount): Promise<ClearingHouseConnection> {
  if (a.connection === 'folder') {
    if (!a.outbound_folder) throw new ConnectionError('The account has no outbound folder.');
    return folderConnection(a.outbound_folder, a.inbound_folder, billingCompanyExchangeRoot(a.billing_company_id));
  }
  if (a.connection !== 'sftp')
    throw new ConnectionError('The account has no connection: its files are carried by hand.');
  if (!a.host || !a.username || !a.secret_encrypted || !a.outbound_folder)
    throw new ConnectionError('The SFTP connection needs a host, a user, a password or key and an outbound folder.');
  const secret = openSecret(a.secret_encrypted);
  return sftpConnection(
    {
      host: a.host,
      port: a.port ?? 22,
      username: a.username,
      auth: a.auth_method === 'key' ? { privateKey: secret } : { password: secret },
      outbound: a.outbound_folder,
      inbound: a.inbound_folder,
      fingerprint: a.host_fingerprint,
    },
    async (fingerprint) => {
      await db.query(
        'update clearing_house_accounts set host_fingerprint = $2 where id = $1 and host_fingerprint is null',
        [a.id, fingerprint],
      );
    },
  );
}

/** The server key remembered for an account (the first one seen), or null before its first connection. */
export async function rememberedFingerprint(db: Queryable, accountId: number): Promise<string | null> {
  const r = await db.query<{ f: string | null }>(
    'select host_fingerprint as f from clearing_house_accounts where id = $1',
    [accountId],
  );
  return r.rows[0]?.f ?? null;
}

/** ISA15: production (P) only where both this installation (X12_USAGE=P) and the account say so; a test installation never sends P. */
export const interchangeUsage = (accountUsage: string | null): 'T' | 'P' =>
  accountUsage === 'P' && x12UsageIndicator() === 'P' ? 'P' : 'T';

/** The next interchange control number (ISA13/GS06), shared by every file the product sends. */
export async function nextInterchangeControl(tx: Queryable): Promise<number> {
  return Number((await tx.query<{ n: string }>(`select nextval('interchange_control_seq') as n`)).rows[0].n);
}
