import express, { type Express } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCodeLists, loadEntities } from '../src/platform/load-schemas.ts';
import { auditRouter } from './audit/audit-router.ts';
import { authRouter } from './auth/auth-router.ts';
import { authenticate } from './auth/sessions.ts';
import type { Database } from './db/database.ts';
import { errorHandler } from './http/error-handler.ts';
import { requestLocale } from './i18n/locale.ts';
import { notFound } from './http/errors.ts';
import { rateLimit } from './http/rate-limit.ts';
import { localFileStorage } from './files/file-storage.ts';
import { resourceRouter } from './resources/resource-router.ts';
import { searchRouter } from './search/search-router.ts';

export interface AppOptions {
  db: Database;
  schemasDir?: string;
  openApiPath?: string;
  filesDir?: string;
  rateLimitMax?: number;
}

const ROOT = new URL('..', import.meta.url).pathname;

export function createApp(opts: AppOptions): Express {
  const schemasDir = opts.schemasDir ?? join(ROOT, 'schemas');
  const entities = loadEntities(join(schemasDir, 'entities'));
  const lists = loadCodeLists(join(schemasDir, 'lists'));
  const openApi = readFileSync(opts.openApiPath ?? join(ROOT, 'src/generated/openapi.json'), 'utf8');
  const files = localFileStorage(opts.filesDir ?? join(process.env.DATA_DIR ?? './data', 'files'));

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  const api = express.Router();
  api.use((req, res, next) => { res.locals.locale = requestLocale(req); next(); });
  api.use(rateLimit(opts.rateLimitMax));
  api.use((_req, res, next) => { res.setHeader('Access-Control-Expose-Headers', 'inactivity-time'); next(); });
  api.use(express.json({ limit: '1mb', strict: false }));
  api.get('/openapi.json', (_req, res) => { res.type('application/json').send(openApi); });
  api.use(authRouter(opts.db, entities));
  api.use(authenticate(opts.db));
  api.use(auditRouter(opts.db, entities));
  api.use(searchRouter(opts.db, entities));
  api.use(resourceRouter({ db: opts.db, entities, lists, files }));
  api.use((_req, _res, next) => next(notFound('Not found.')));
  app.use('/api/v1', api);
  app.get('/', (_req, res) => { res.type('text/plain').send('Revenue-cycle platform API: /api/v1 (OpenAPI at /api/v1/openapi.json)\n'); });
  app.use(errorHandler);
  return app;
}
