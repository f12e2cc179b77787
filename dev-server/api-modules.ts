import type { ApiModule } from './http/api-module.ts';
import type { ApiContext } from './api-context.ts';
import type { GuardedRoute } from './http/guarded-routes.ts';
import { authModule } from './auth/auth-module.ts';
import { auditModule } from './audit/audit-module.ts';
import { searchModule } from './search/search-module.ts';
import { filesModule } from './files/files-module.ts';
import { jobsModule } from './jobs/jobs-module.ts';
import { masterDataModule } from './master-data/master-data-module.ts';
import { claimsModule } from './claims/claims-module.ts';
import { batchesModule } from './batches/batches-module.ts';
import { exchangeModule } from './exchange/exchange-module.ts';
import { usersModule } from './users/users-module.ts';
import { admissionsModule } from './admissions/admissions-module.ts';
import { paymentsModule } from './payments/payments-module.ts';
import { denialsModule } from './denials/denials-module.ts';
import { ledgerModule } from './ledger/ledger-module.ts';
import { booksModule } from './books/books-module.ts';
import { contractsModule } from './contracts/contracts-module.ts';
import { reportsModule } from './reports/reports-module.ts';
import { desktopModule } from './desktop/desktop-module.ts';
import { messengerModule } from './messenger/messenger-module.ts';
import { estimatesModule } from './estimates/estimates-module.ts';
import { eligibilityModule } from './eligibility/eligibility-module.ts';
import { claimStatusModule } from './claim-status/claim-status-module.ts';
import { claimIntakeModule } from './claim-intake/claim-intake-module.ts';

/**
 * The API's modules: each domain folder's routes, with the permission each needs. The app mounts
 * them in one route table where the paths decide which route answers (fixed words before
 * parameters), so their order here does not matter; the OpenAPI document and the permission walk
 * read the same list.
 */
export const API_MODULES: Array<ApiModule<ApiContext>> = [
  authModule,
  auditModule,
  searchModule,
  filesModule,
  jobsModule,
  masterDataModule,
  claimsModule,
  batchesModule,
  exchangeModule,
  usersModule,
  admissionsModule,
  paymentsModule,
  denialsModule,
  ledgerModule,
  booksModule,
  contractsModule,
  reportsModule,
  desktopModule,
  messengerModule,
  estimatesModule,
  eligibilityModule,
  claimStatusModule,
  claimIntakeModule,
];

/** A module's routes, each marked with the module (its OpenAPI tag, and who declared it when two clash). */
export const moduleRoutes = (m: ApiModule<ApiContext>): Array<GuardedRoute<ApiContext>> =>
  m.routes.map((r) => ({ ...r, module: m.name }));

/** Every hand-written route, each marked with its module. */
export const API_ROUTES = API_MODULES.flatMap(moduleRoutes);

/** The routes of a signed-in person's requests: each needs a permission (or none) and nothing else. */
export const HAND_WRITTEN_ROUTES = API_ROUTES.filter((r) => !r.access);

/** Signing in, recovery and the session's own routes (refresh, the shell, sign-out): open, or with their own allowances. */
export const SESSION_ROUTES = API_ROUTES.filter((r) => r.access);
