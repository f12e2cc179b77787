import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, defaultFileStore, type AppOptions } from '../../dev-server/app.ts';
import type { Database } from '../../dev-server/db/database.ts';
import { JobQueue } from '../../dev-server/jobs/job-queue.ts';
import { createMailTransport } from '../../dev-server/mail/mail-transport.ts';
import { hashPassword } from '../../dev-server/security/passwords.ts';
import type { FileStore } from '../../dev-server/storage/file-store.ts';
import { demoDatabase } from './demo-template.ts';
import { TEST_FILES_DIR, freshDatabase } from './test-database.ts';

export interface Api {
  (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export interface TestApp {
  db: Database;
  /** the app's file store (what demo loaders and file tests write through) */
  files: FileStore;
  url: string;
  /** calls /api/v1 with a token (or none) */
  as(token: string | null): Api;
  login(email: string, password?: string): Promise<string>;
  createUser(opts: {
    email: string;
    roles: string[];
    billingCompanyIds?: number[];
    password?: string;
  }): Promise<number>;
  createBillingCompany(name: string, abbreviation: string): Promise<number>;
  close(): Promise<void>;
}

export const PASSWORD = 'Str0ng!Pass';
let hashed: string | undefined;

export interface TestAppOptions extends Partial<AppOptions> {
  withJobs?: boolean;
  /** start on a copy of the demo (loaded once per run) instead of an empty database */
  withDemo?: boolean;
}

export async function startTestApp({ withDemo, ...opts }: TestAppOptions = {}): Promise<TestApp> {
  const db = withDemo ? await demoDatabase() : await freshDatabase();
  const files = defaultFileStore(db, TEST_FILES_DIR);
  // The job queue polls the database; only the files that test jobs start it.
  const jobs = opts.withJobs ? new JobQueue(db, files, { pollingIntervalSeconds: 0.5 }) : undefined;
  await jobs?.start();
  const server: Server = await new Promise((resolve) => {
    const s = createApp({
      db,
      files,
      jobs,
      filesDir: TEST_FILES_DIR,
      rateLimitMax: 100_000,
      mail: createMailTransport({}, () => {}),
      ...opts,
    }).listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const as =
    (token: string | null): Api =>
    async (method, path, body, headers = {}) => {
      const init: RequestInit = {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      };
      if (body !== undefined) {
        init.body = typeof body === 'string' || body instanceof FormData ? (body as string) : JSON.stringify(body);
        if (!(body instanceof FormData) && !headers['content-type'])
          (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await fetch(url + path, init);
      // An event stream (Messenger's) stays open by design: a test that calls it reads its status and lets it go.
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
        await res.body?.cancel();
        return { status: res.status, body: '', headers: res.headers };
      }
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    };
  const app: TestApp = {
    db,
    files,
    url,
    as,
    async login(email, password = PASSWORD) {
      const r = await as(null)('POST', '/auth/login', { email, password });
      if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.access_token;
    },
    async createUser({ email, roles, billingCompanyIds = [], password }) {
      hashed ??= await hashPassword(PASSWORD);
      const hash = password ? await hashPassword(password) : hashed;
      return db.transaction(async (tx) => {
        const u = await tx.query<{ id: number }>(
          'insert into users (email, password_hash) values ($1, $2) returning id',
          [email, hash],
        );
        const id = u.rows[0].id;
        await tx.query(
          'insert into user_roles (user_id, role_id) select $1, id from roles where slug = any($2::text[]) and billing_company_id is null',
          [id, roles],
        );
        for (const bc of billingCompanyIds)
          await tx.query('insert into billing_company_users (billing_company_id, user_id) values ($1, $2)', [bc, id]);
        return id;
      });
    },
    async createBillingCompany(name, abbreviation) {
      const r = await db.query<{ id: number }>(
        'insert into billing_companies (name, abbreviation) values ($1, $2) returning id',
        [name, abbreviation],
      );
      return r.rows[0].id;
    },
    async close() {
      await new Promise((r) => server.close(r));
      await jobs?.stop();
      await db.close();
    },
  };
  return app;
}

/** A fresh app with a signed-in Super User: the setup most API test files share. */
export async function startAsSuperUser(opts: TestAppOptions = {}): Promise<{ app: TestApp; root: Api }> {
  const app = await startTestApp(opts);
  await app.createUser({ email: 'root@test.com', roles: ['superuser'] });
  return { app, root: app.as(await app.login('root@test.com')) };
}
