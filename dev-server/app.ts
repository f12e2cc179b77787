import { ActGuard, type ActLimit, type GuardedAct } from './security/act-limits.ts';
import { SharedCounts } from './security/shared-counts.ts';
import express, { type Express } from 'express';
import { notFound } from '../src/domain/errors/domain-error.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCodeLists, loadEntities } from '../src/platform/load-schemas.ts';
import { authenticate } from './auth/sessions.ts';
import { requireFreshProof, requireStepUp } from './auth/step-up.ts';
import type { Database } from './db/database.ts';
import { errorHandler } from './http/error-handler.ts';
import { requestLocale } from './i18n/locale.ts';
import { rateLimit } from './http/rate-limit.ts';
import { defaultMaxInFlight, loadShedding } from './http/load-shedding.ts';
import { bodyGuards, requestGuards } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { precompressedStatic } from './http/precompressed-static.ts';
import { localBlobStorage } from './storage/blob-storage.ts';
import { FileStore } from './storage/file-store.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { MessengerHub } from './messenger/messenger-hub.ts';
import { createMailTransport, type MailTransport } from './mail/mail-transport.ts';
import { guardedEntries } from './http/guarded-routes.ts';
import { routeTable } from './http/route-table.ts';
import { API_MODULES, moduleRoutes } from './api-modules.ts';
import type { ApiContext } from './api-context.ts';
import { resourceEntries } from './resources/resource-router.ts';
import { phiReadRecorder } from './audit/phi-reads.ts';

export interface AppOptions {
  db: Database;
  schemasDir?: string;
  openApiPath?: string;
  filesDir?: string;
  rateLimitMax?: number;
  rateLimitWindowMs?: number;
  /** the guarded acts' limits (default: actLimits(), from LIMIT_<ACT>) */
  actLimits?: Record<GuardedAct, ActLimit>;
  /** API requests worked on at once before the next is answered 503 (default MAX_IN_FLIGHT, else 48 embedded, 256 server) */
  maxInFlight?: number;
  mail?: MailTransport;
  /** the built client (default dist/client) */
  clientDir?: string;
  /** the file store (default: a directory under filesDir) */
  files?: FileStore;
  /** the background job queue, started by the caller; without it the /jobs routes are not mounted */
  jobs?: JobQueue;
  /** origins of host pages allowed to frame the product (default FRAME_ANCESTORS, else only itself) */
  frameAncestors?: string[];
  /**
   * The proxies whose X-Forwarded-For is believed (Express's 'trust proxy': addresses, subnets, 'loopback', or a hop
   * count); default TRUST_PROXY, else none: a client that may name its own address escapes every per-address limit.
   */
  trustProxy?: string | number | false;
}

/** TRUST_PROXY as Express reads it: a hop count ("1"), or a comma-separated list ("loopback, 10.0.0.0/8"). */
export function trustedProxies(
  given: string | number | false | undefined = process.env.TRUST_PROXY,
): string | number | false {
  if (given === undefined || given === false || given === '' || given === 'false') return false;
  if (typeof given === 'number' || /^\d+$/.test(given)) return Number(given);
  return given;
}

export const defaultFileStore = (db: Database, filesDir?: string) =>
  new FileStore(db, localBlobStorage(filesDir ?? join(process.env.DATA_DIR ?? './data', 'files')));

const ROOT = new URL('..', import.meta.url).pathname;

export function createApp(opts: AppOptions): Express {
  const schemasDir = opts.schemasDir ?? join(ROOT, 'schemas');
  const entities = loadEntities(join(schemasDir, 'entities'));
  const lists = loadCodeLists(join(schemasDir, 'lists'));
  const openApi = readFileSync(opts.openApiPath ?? join(ROOT, 'src/generated/openapi.json'), 'utf8');
  const files = opts.files ?? defaultFileStore(opts.db, opts.filesDir);
  const mail = opts.mail ?? createMailTransport();

  const app = express();
  app.disable('x-powered-by');
  // No ETag on answers Express builds (every API answer is no-store: a hash of each body would never be asked for
  // again). Static files keep theirs (send's own), and a stored file names its SHA-256 itself.
  app.set('etag', false);
  app.set('trust proxy', trustedProxies(opts.trustProxy));
  app.set('query parser', 'simple');
  app.use(securityHeaders(opts.frameAncestors));
  const api = express.Router();
  api.use((req, res, next) => {
    res.locals.locale = requestLocale(req);
    next();
  });
  api.use(loadShedding(opts.maxInFlight ?? defaultMaxInFlight(opts.db.kind), (path) => path === '/messenger/events'));
  // Counts shared by every process on this database: the per-address limit and the guarded acts hold across them.
  const counts = new SharedCounts(opts.db);
  const acts = new ActGuard(counts, opts.actLimits);
  api.use(rateLimit(counts, opts.rateLimitMax, opts.rateLimitWindowMs));
  api.use((_req, res, next) => {
    res.setHeader('Access-Control-Expose-Headers', 'inactivity-time');
    // API answers carry PHI, tokens and codes: no browser or proxy keeps them (a route serving a logo says otherwise).
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(requestGuards);
  api.use(express.json({ limit: '1mb', strict: false }));
  api.use(bodyGuards);
  api.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openApi);
  });
  // One context for every module: what each route needs is a part of it.
  const ctx: ApiContext = {
    db: opts.db,
    entities,
    lists,
    mail,
    files,
    jobs: opts.jobs,
    hub: new MessengerHub(opts.db),
  };
  const modules = API_MODULES.filter((m) => !m.needsJobs || opts.jobs);
  const signedIn = authenticate(opts.db);
  api.use(
    routeTable([
      ...guardedEntries(ctx, modules.flatMap(moduleRoutes), (allowances) => authenticate(opts.db, allowances), {
        acts,
        stepUp: requireStepUp(opts.db),
        phiRead: phiReadRecorder(opts.db, entities),
      }),
      // Every generic route is a signed-in person's.
      ...resourceEntries(ctx, { acts, freshProof: (actor) => requireFreshProof(opts.db, actor) }).map((e) => ({
        ...e,
        handlers: [signedIn, ...e.handlers],
      })),
    ]),
  );
  // A path no route declares: signed-in callers learn it does not exist, others only that they must sign in.
  api.use(signedIn, (_req, _res, next) => next(notFound('route_not_found')));
  app.use('/api/v1', api);
  // No file is served outside /api/v1: photos, logos and documents go through the signed-in, tenant-checked /files/{id}/content.
  const client = opts.clientDir ?? join(ROOT, 'dist/client');
  if (existsSync(join(client, 'index.html'))) {
    // Hashed chunks never change; index.html must always be fresh so a new build is picked up.
    const cacheControl = (path: string) =>
      path.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable';
    app.use(precompressedStatic(client, cacheControl));
    app.use(
      express.static(client, {
        index: 'index.html',
        setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControl(path)),
      }),
    );
  } else {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send(
          'Revenue-cycle platform API: /api/v1 (OpenAPI at /api/v1/openapi.json). Build the client with npm run build.\n',
        );
    });
  }
  app.use(errorHandler);
  return app;
}
