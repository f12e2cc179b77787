import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import { log } from '../http/server-log.ts';
import { checkedTarget } from '../outbound/address-policy.ts';
import {
  ConnectionError,
  oldestFirst,
  SET_ASIDE_FOLDER,
  type ClearingHouseConnection,
  type RemoteFile,
} from './connection.ts';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  auth: { password: string } | { privateKey: string };
  outbound: string;
  inbound: string | null;
  /** the server key's SHA-256 seen at the first connection; a different key is refused */
  fingerprint: string | null;
}

/**
 * Why a connection failed, said for a billing office, and no more than that: the server could not be
 * reached (refused, unknown or silent are one answer, so that "Test the connection" tells nothing of
 * the network behind the server), or it did not accept the sign-in. The library's own words (sockets,
 * banners, handshakes) go to the server log only.
 */
function plainly(e: unknown, s: SftpSettings, signedIn: boolean): ConnectionError {
  if (e instanceof ConnectionError) return e;
  const m = e instanceof Error ? e.message : String(e);
  log.info({ host: s.host, port: s.port, err: { message: m } }, 'sftp exchange failed');
  if (!signedIn && /authentication|All configured authentication methods failed/i.test(m))
    return new ConnectionError(
      `The SFTP server ${s.host} did not accept the user ${s.username} and its password or key.`,
    );
  if (!signedIn)
    return new ConnectionError(
      `The clearing house's SFTP server ${s.host}:${s.port} could not be reached or refused the connection (it may be down).`,
    );
  if (/No such file/i.test(m))
    return new ConnectionError(`A folder or file of this account was not found on ${s.host}.`);
  return new ConnectionError(`The SFTP exchange with ${s.host} failed while moving a file; try again.`);
}

/**
 * A clearing house's SFTP server. The server's key is remembered at the first connection (onFirstKey
 * stores it) and checked on every later one, so files are never handed to an impostor.
 */
export async function sftpConnection(
  s: SftpSettings,
  onFirstKey: (fingerprint: string) => Promise<void>,
): Promise<ClearingHouseConnection> {
  const client = new SftpClient('clearing-house');
  let seen: string | null = null;
  try {
    // Through the outbound address policy: the name resolved once and checked, the connection made to that address.
    const target = await checkedTarget(s.host, s.port);
    await client.connect({
      host: target.address,
      port: s.port,
      username: s.username,
      ...s.auth,
      readyTimeout: 15_000,
      retries: 0,
      hostVerifier: (key: Buffer) => {
        seen = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
        return s.fingerprint === null || s.fingerprint === seen;
      },
    } as SftpClient.ConnectOptions);
  } catch (e) {
    await client.end().catch(() => undefined);
    if (seen && s.fingerprint && seen !== s.fingerprint) {
      throw new ConnectionError(
        `The SFTP server ${s.host} presented a different key (${seen}) from the one remembered (${s.fingerprint}); nothing was sent. If the clearing house changed its key, clear the remembered fingerprint.`,
      );
    }
    throw plainly(e, s, false);
  }
  if (seen && !s.fingerprint) await onFirstKey(seen);
  const inbound = () => {
    if (!s.inbound) throw new ConnectionError('This account has no inbound folder.');
    return s.inbound;
  };
  const wrap = async <T>(f: () => Promise<T>) => {
    try {
      return await f();
    } catch (e) {
      throw plainly(e, s, true);
    }
  };
  return {
    label: `sftp://${s.username}@${s.host}:${s.port}`,
    put: (name, bytes) =>
      wrap(async () => {
        const part = posix.join(s.outbound, `${name}.part`);
        await client.put(bytes, part);
        await client.rename(part, posix.join(s.outbound, name));
      }),
    hasOutbound: (name) => wrap(async () => (await client.exists(posix.join(s.outbound, name))) === '-'),
    listInbound: () =>
      wrap(
        async (): Promise<RemoteFile[]> =>
          (await client.list(inbound()))
            .filter((f) => f.type === '-' && !f.name.startsWith('.') && !f.name.endsWith('.part'))
            .map((f) => ({ name: f.name, size: f.size, modifiedAt: f.modifyTime }))
            .sort(oldestFirst),
      ),
    get: (name) => wrap(async () => (await client.get(posix.join(inbound(), name))) as Buffer),
    remove: (name) =>
      wrap(async () => {
        await client.delete(posix.join(inbound(), name));
      }),
    setAside: (name) =>
      wrap(async () => {
        const aside = posix.join(inbound(), SET_ASIDE_FOLDER);
        if (!(await client.exists(aside))) await client.mkdir(aside, true);
        await client.rename(posix.join(inbound(), name), posix.join(aside, name));
      }),
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
