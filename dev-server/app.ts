import express, { type Express } from 'express';
import { notFound } from '../src/domain/errors/domain-error.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCodeLists, loadEntities } from '../src/platform/load-schemas.ts';
import { auditRoutes } from './audit/audit-router.ts';
import { authRouter } from './auth/auth-router.ts';
import { authenticate } from './auth/sessions.ts';
import type { Database } from './db/database.ts';
import { errorHandler } from './http/error-handler.ts';
import { requestLocale } from './i18n/locale.ts';
import { rateLimit } from './http/rate-limit.ts';
import { bodyGuards, requestGuards } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { precompressedStatic } from './http/precompressed-static.ts';
import { localBlobStorage } from './files/blob-storage.ts';
import { FileStore } from './files/file-store.ts';
import { fileRoutes } from './files/file-routes.ts';
import { jobRoutes } from './jobs/job-routes.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { resourceRouter } from './resources/resource-router.ts';
import { searchRoutes } from './search/search-router.ts';
import { signInRouter } from './auth/sign-in.ts';
import { recoveryRouter } from './auth/recovery-router.ts';
import { identityRoutes } from './users/identity-routes.ts';
import { masterDataRoutes } from './master-data/master-data-routes.ts';
import { claimRoutes } from './claims/claim-routes.ts';
import { claimSetupRoutes } from './claims/claim-setup-routes.ts';
import { batchRoutes } from './batches/batch-routes.ts';
import { exchangeRoutes } from './exchange/exchange-routes.ts';
import { admissionLookupRoutes, admissionRoutes } from './admissions/admission-routes.ts';
import { eraLookupRoutes, eraRoutes } from './payments/era-routes.ts';
import { batchStateRoutes, paymentLookupRoutes, paymentRoutes } from './payments/payment-routes.ts';
import { distributionRoutes } from './payments/distribution-routes.ts';
import { paymentRecordRoutes } from './payments/payment-record-routes.ts';
import { patientPaymentRoutes } from './payments/patient-payment-routes.ts';
import { claimPaymentRoutes } from './payments/claim-payments-routes.ts';
import { denialLookupRoutes, denialRoutes } from './denials/denial-routes.ts';
import { denialScreenRoutes } from './denials/denial-screen-routes.ts';
import { ledgerLookupRoutes, ledgerRoutes } from './ledger/ledger-routes.ts';
import { reportRoutes } from './reports/report-routes.ts';
import { customReportRoutes, reportPresetRoutes } from './reports/saved-report-routes.ts';
import { eobRoutes } from './payments/eob-routes.ts';
import { mountGuarded } from './http/guarded-routes.ts';
import { stickyNoteRoutes } from './desktop/sticky-note-routes.ts';
import { supportRoutes } from './desktop/support-routes.ts';
import { webBrowserRoutes } from './desktop/web-browser-routes.ts';
import { MessengerHub } from './messenger/messenger-hub.ts';
import { messengerRoutes } from './messenger/messenger-routes.ts';
import { estimateRoutes } from './estimates/estimate-routes.ts';
import { createMailTransport, type MailTransport } from './mail/mail-transport.ts';

export interface AppOptions {
  db: Database;
  schemasDir?: string;
  openApiPath?: string;
  filesDir?: string;
  rateLimitMax?: number;
  rateLimitWindowMs?: number;
  mail?: MailTransport;
  /** the built client (default dist/client) */
  clientDir?: string;
  /** the file store (default: a directory under filesDir) */
  files?: FileStore;
  /** the background job queue, started by the caller; without it the /jobs routes are not mounted */
  jobs?: JobQueue;
  /** origins of host pages allowed to frame the product (default FRAME_ANCESTORS, else only itself) */
  frameAncestors?: string[];
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
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(securityHeaders(opts.frameAncestors));
  const api = express.Router();
  api.use((req, res, next) => {
    res.locals.locale = requestLocale(req);
    next();
  });
  api.use(rateLimit(opts.rateLimitMax, opts.rateLimitWindowMs));
  api.use((_req, res, next) => {
    res.setHeader('Access-Control-Expose-Headers', 'inactivity-time');
    next();
  });
  api.use(requestGuards);
  api.use(express.json({ limit: '1mb', strict: false }));
  api.use(bodyGuards);
  api.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openApi);
  });
  api.use(signInRouter(opts.db, mail));
  api.use(recoveryRouter(opts.db, mail));
  api.use(authRouter(opts.db, entities));
  api.use(authenticate(opts.db));
  api.use(mountGuarded({ db: opts.db, entities }, auditRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, searchRoutes));
  // Static paths under an entity's base (/patient/exist) go before the generic /{base}/{id}.
  api.use(mountGuarded({ db: opts.db, entities, lists, mail }, masterDataRoutes));
  api.use(mountGuarded({ db: opts.db, files }, fileRoutes));
  api.use(mountGuarded({ db: opts.db }, stickyNoteRoutes));
  api.use(mountGuarded({ db: opts.db, files, mail }, supportRoutes));
  api.use(mountGuarded({ db: opts.db }, webBrowserRoutes));
  api.use(mountGuarded({ db: opts.db, hub: new MessengerHub(opts.db) }, messengerRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, estimateRoutes));
  if (opts.jobs) api.use(mountGuarded({ db: opts.db, jobs: opts.jobs }, jobRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, claimSetupRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, admissionLookupRoutes));
  api.use(mountGuarded({ db: opts.db, entities, files, jobs: opts.jobs }, eraLookupRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, paymentLookupRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, patientPaymentRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, denialLookupRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, denialScreenRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, ledgerLookupRoutes));
  api.use(mountGuarded({ db: opts.db, entities, jobs: opts.jobs }, reportRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, [...reportPresetRoutes, ...customReportRoutes]));
  api.use(resourceRouter({ db: opts.db, entities, lists, files }));
  // After the generic routes: /claim/{id} must not take /claim/get-all-server or /claim/rules (the claim's own show, edit and delete are hand-written).
  api.use(mountGuarded({ db: opts.db, entities, files }, batchRoutes));
  api.use(mountGuarded({ db: opts.db, entities, files }, exchangeRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, admissionRoutes));
  api.use(mountGuarded({ db: opts.db, entities, files, jobs: opts.jobs }, eraRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, paymentRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, distributionRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, batchStateRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, paymentRecordRoutes));
  api.use(mountGuarded({ db: opts.db, entities, files }, eobRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, claimPaymentRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, denialRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, ledgerRoutes));
  api.use(mountGuarded({ db: opts.db, entities }, claimRoutes));
  // After the generic routes: /user/get-list and the like must not be taken for /user/{id}.
  api.use(mountGuarded({ db: opts.db, entities, mail, files }, identityRoutes));
  api.use((_req, _res, next) => next(notFound('route_not_found')));
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
