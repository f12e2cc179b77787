import { spawn, type ChildProcess } from 'node:child_process';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * An API server in a process of its own, started as `npm start` starts it, on a bench's PostgreSQL database: what a
 * person's browser talks to. Resolves once it listens. The bench's one token stands for many people, so the
 * per-address and per-person limits are lifted: they would stop the bench, not the server.
 */
export function startServerProcess(
  databaseUrl: string,
  port: number,
  { poolSize = 10 }: { poolSize?: number } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev-server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: `/tmp/rcp-bench-server-${port}`,
      DEMO_DATA: '0',
      CODE_SETS: '0',
      ADMIN_EMAIL: 'admin@bench',
      ADMIN_PASSWORD: 'Bench!Admin#2026',
      RATE_LIMIT_MAX: '1000000000',
      LIMIT_PHI_SEARCH: '1000000000/600',
      PG_POOL_SIZE: String(poolSize),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Listening on')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}
