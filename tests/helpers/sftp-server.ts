import { allowOutbound } from './outbound-allow.ts';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, posix } from 'node:path';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

export interface TestSftpServer {
  port: number;
  root: string;
  hostKeyFingerprint: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SFTP server (the ssh2 package's) in the test process, over a directory on disk: the
 * product's SFTP adapter talks to it exactly as to a clearing house's. Password sign-in; the
 * operations a client uses to put, list, get, rename and remove files.
 */
export async function startSftpServer(
  root: string,
  credentials: { username: string; password: string },
): Promise<TestSftpServer> {
  mkdirSync(root, { recursive: true });
  // ssh2 writes about one ed25519 key in a hundred with a public key whose leading zero byte is dropped, and
  // cannot read it back ("Malformed OpenSSH private key"): such a key is drawn again.
  let hostKey = utils.generateKeyPairSync('ed25519');
  while (utils.parseKey(hostKey.private) instanceof Error) hostKey = utils.generateKeyPairSync('ed25519');
  const parsed = utils.parseKey(hostKey.private);
  const publicBlob = (Array.isArray(parsed) ? parsed[0] : (parsed as { getPublicSSH(): Buffer })).getPublicSSH();
  const { createHash } = await import('node:crypto');
  const hostKeyFingerprint = `SHA256:${createHash('sha256').update(publicBlob).digest('base64').replace(/=+$/, '')}`;
  const local = (p: string) => join(root, posix.normalize(`/${p}`).replace(/^\/+/, ''));
  const attrsOf = (s: Stats) => ({
    mode: s.mode,
    uid: 0,
    gid: 0,
    size: s.size,
    atime: Math.floor(s.atimeMs / 1000),
    mtime: Math.floor(s.mtimeMs / 1000),
  });
  let server: InstanceType<typeof Server>;
  let port = 0;
  const build = () =>
    new Server({ hostKeys: [hostKey.private] }, (client) => {
      client.on('error', () => undefined);
      client.on('authentication', (ctx) => {
        if (ctx.method === 'password' && ctx.username === credentials.username && ctx.password === credentials.password)
          ctx.accept();
        else ctx.reject(['password']);
      });
      client.on('ready', () => {
        client.on('session', (accept) => {
          accept().on('sftp', (acceptSftp) => {
            const sftp = acceptSftp();
            const files = new Map<string, number>();
            const dirs = new Map<string, { names: string[]; path: string; sent: boolean }>();
            let next = 0;
            const handle = () => {
              const b = Buffer.alloc(4);
              b.writeUInt32BE(next++);
              return b;
            };
            const guard = (reqid: number, f: () => void) => {
              try {
                f();
              } catch (e) {
                sftp.status(
                  reqid,
                  (e as NodeJS.ErrnoException).code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE,
                  (e as Error).message,
                );
              }
            };
            sftp.on('OPEN', (reqid, filename, flags) =>
              guard(reqid, () => {
                const mode = flags & OPEN_MODE.WRITE ? (flags & OPEN_MODE.APPEND ? 'a' : 'w') : 'r';
                const h = handle();
                files.set(h.toString('hex'), openSync(local(filename), mode));
                sftp.handle(reqid, h);
              }),
            );
            sftp.on('WRITE', (reqid, h, offset, data) =>
              guard(reqid, () => {
                writeSync(files.get(h.toString('hex'))!, data, 0, data.length, offset);
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            );
            sftp.on('READ', (reqid, h, offset, length) =>
              guard(reqid, () => {
                const buf = Buffer.alloc(length);
                const n = readSync(files.get(h.toString('hex'))!, buf, 0, length, offset);
                if (n === 0) sftp.status(reqid, STATUS_CODE.EOF);
                else sftp.data(reqid, buf.subarray(0, n));
              }),
            );
            sftp.on('FSTAT', (reqid, h) =>
              guard(reqid, () => sftp.attrs(reqid, attrsOf(fstatSync(files.get(h.toString('hex'))!)))),
            );
            sftp.on('CLOSE', (reqid, h) =>
              guard(reqid, () => {
                const key = h.toString('hex');
                if (files.has(key)) {
                  closeSync(files.get(key)!);
                  files.delete(key);
                } else dirs.delete(key);
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            );
            sftp.on('OPENDIR', (reqid, path) =>
              guard(reqid, () => {
                const names = readdirSync(local(path));
                const h = handle();
                dirs.set(h.toString('hex'), { names, path, sent: false });
                sftp.handle(reqid, h);
              }),
            );
            sftp.on('READDIR', (reqid, h) =>
              guard(reqid, () => {
                const d = dirs.get(h.toString('hex'))!;
                if (d.sent) return sftp.status(reqid, STATUS_CODE.EOF);
                d.sent = true;
                sftp.name(
                  reqid,
                  d.names.map((n) => {
                    const s = statSync(join(local(d.path), n));
                    return {
                      filename: n,
                      longname: `${s.isDirectory() ? 'd' : '-'}rw-r--r-- 1 0 0 ${s.size} Jan 1 00:00 ${n}`,
                      attrs: attrsOf(s),
                    };
                  }),
                );
              }),
            );
            for (const op of ['STAT', 'LSTAT'] as const)
              sftp.on(op, (reqid: number, path: string) =>
                guard(reqid, () => sftp.attrs(reqid, attrsOf(statSync(local(path))))),
              );
            sftp.on('REALPATH', (reqid, path) =>
              sftp.name(reqid, [{ filename: posix.normalize(`/${path}`), longname: '', attrs: {} as never }]),
            );
            sftp.on('REMOVE', (reqid, path) =>
              guard(reqid, () => {
                rmSync(local(path));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            );
            sftp.on('RENAME', (reqid, from, to) =>
              guard(reqid, () => {
                renameSync(local(from), local(to));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            );
            sftp.on('MKDIR', (reqid, path) =>
              guard(reqid, () => {
                mkdirSync(local(path));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            );
          });
        });
      });
    });
  const listen = () =>
    new Promise<void>((resolve) => {
      server = build();
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  // The port is kept across a stop and start (a server that goes down and comes back): allowed until the test ends.
  allowOutbound(`127.0.0.1:${port}`);
  return {
    get port() {
      return port;
    },
    root,
    hostKeyFingerprint,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: listen,
  };
}
