import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import { ConnectionError, type ClearingHouseConnection, type RemoteFile } from './connection.ts';

export interface SftpSettings {
  host: string; port: number; username: string;
  auth: { password: string } | { privateKey: string };
  outbound: string; inbound: string | null;
  /** the server key's SHA-256 seen at the first connection; a different key is refused */
  fingerprint: string | null;
}

/** Why a connection failed, said for a billing office (the library's messages name sockets and handshakes). */
function plainly(e: unknown, s: SftpSettings): ConnectionError {
  const m = e instanceof Error ? e.message : String(e);
  if (e instanceof ConnectionError) return e;
  if (/ECONNREFUSED/.test(m)) return new ConnectionError(`The clearing house's SFTP server ${s.host}:${s.port} refused the connection (it may be down).`);
  if (/ENOTFOUND|EAI_AGAIN/.test(m)) return new ConnectionError(`The SFTP server ${s.host} could not be found.`);
  if (/ETIMEDOUT|Timed out/i.test(m)) return new ConnectionError(`The SFTP server ${s.host}:${s.port} did not answer in time.`);
  if (/authentication|All configured authentication methods failed/i.test(m)) return new ConnectionError(`The SFTP server ${s.host} did not accept the user ${s.username} and its password or key.`);
  if (/No such file/i.test(m)) return new ConnectionError(`A folder or file was not found on ${s.host}: ${m.replace(/^.*?: /, '')}`);
  return new ConnectionError(`The SFTP exchange with ${s.host} failed: ${m}`);
}

/**
 * A clearing house's SFTP server. The server's key is remembered at the first connection (onFirstKey
 * stores it) and checked on every later one, so files are never handed to an impostor.
 */
export async function sftpConnection(s: SftpSettings, onFirstKey: (fingerprint: string) => Promise<void>): Promise<ClearingHouseConnection> {
  const client = new SftpClient('clearing-house');
  let seen: string | null = null;
  try {
    await client.connect({
      host: s.host, port: s.port, username: s.username, ...s.auth, readyTimeout: 15_000, retries: 0,
      hostVerifier: (key: Buffer) => {
        seen = `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
        return s.fingerprint === null || s.fingerprint === seen;
      },
    } as SftpClient.ConnectOptions);
  } catch (e) {
    await client.end().catch(() => undefined);
    if (seen && s.fingerprint && seen !== s.fingerprint) {
      throw new ConnectionError(`The SFTP server ${s.host} presented a different key (${seen}) from the one remembered (${s.fingerprint}); nothing was sent. If the clearing house changed its key, clear the remembered fingerprint.`);
    }
    throw plainly(e, s);
  }
  if (seen && !s.fingerprint) await onFirstKey(seen);
  const inbound = () => { if (!s.inbound) throw new ConnectionError('This account has no inbound folder.'); return s.inbound; };
  const wrap = async <T>(f: () => Promise<T>) => { try { return await f(); } catch (e) { throw plainly(e, s); } };
  return {
    label: `sftp://${s.username}@${s.host}:${s.port}`,
    put: (name, bytes) => wrap(async () => {
      const part = posix.join(s.outbound, `${name}.part`);
      await client.put(bytes, part);
      await client.rename(part, posix.join(s.outbound, name));
    }),
    listInbound: () => wrap(async (): Promise<RemoteFile[]> => (await client.list(inbound()))
      .filter((f) => f.type === '-' && !f.name.startsWith('.') && !f.name.endsWith('.part'))
      .map((f) => ({ name: f.name, size: f.size })).sort((a, b) => a.name.localeCompare(b.name))),
    get: (name) => wrap(async () => (await client.get(posix.join(inbound(), name))) as Buffer),
    remove: (name) => wrap(async () => { await client.delete(posix.join(inbound(), name)); }),
    async close() { await client.end().catch(() => undefined); },
  };
}
