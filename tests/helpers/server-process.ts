import { spawn, type ChildProcess } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  events: Array<Record<string, unknown>>;
  /** everything the process has written (stdout and stderr), to show when it ended too soon */
  output(): string;
  waitFor(wish: (e: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

/**
 * The product as a user starts it (npm start's server) on its own embedded database. Its JSON log
 * lines are the events a test waits for: a batch committed, a job's progress, a job completed.
 * It listens on a port the system chooses (PORT=0), read back from its "Listening on" line: a port
 * picked by the test could be one the system had just lent to an outgoing connection.
 */
export function startServerProcess(opts: {
  dataDir: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev-server/main.ts'], {
    cwd: ROOT,
    // Its own embedded database, whatever server the test run itself uses (DATABASE_URL is cleared).
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: opts.dataDir,
      PORT: '0',
      CODE_SETS: '0',
      DEMO_DATA: '0',
      ADMIN_EMAIL: opts.admin.email,
      ADMIN_PASSWORD: opts.admin.password,
      SMTP_URL: '',
      LOG_LEVEL: 'debug',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    wish: (e: Record<string, unknown>) => boolean;
    resolve: (e: Record<string, unknown>) => void;
  }> = [];
  let out = '';
  let pending = '';
  return new Promise((resolve, reject) => {
    const server: ServerProcess = {
      child,
      events,
      output: () => out,
      base: '',
      waitFor: (wish) =>
        new Promise((res) => {
          const seen = events.find(wish);
          if (seen) res(seen);
          else waiters.push({ wish, resolve: res });
        }),
    };
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const listening = /^Listening on (http:\/\/\S+)/.exec(line);
        if (listening) {
          server.base = `${listening[1]}/api/v1`;
          resolve(server);
        }
        if (!line.startsWith('{')) continue;
        const e = JSON.parse(line) as Record<string, unknown>;
        events.push(e);
        for (const w of [...waiters])
          if (w.wish(e)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode) resolve();
    else child.on('exit', () => resolve());
  });

/** A call to the server process's API (JSON, or a FormData body as multipart). */
export async function callServer(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method, headers: token ? { authorization: `Bearer ${token}` } : {} };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const r = await fetch(base + path, init);
  return { status: r.status, body: await r.json() };
}
