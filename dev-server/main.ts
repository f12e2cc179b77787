import type { AddressInfo } from 'node:net';
import { createApp, defaultFileStore } from './app.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { moveLegacyImages } from './files/legacy-images.ts';
import { join } from 'node:path';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { seedAccess, seedAdministrator } from './db/seed.ts';
import { bundledCodeSetsWanted } from './codes/code-set-import.ts';
import { loadDemoDataIfWanted } from './demo/demo-data.ts';
import { startPollScheduler } from './exchange/poll-scheduler.ts';
import { startDemoClearingHouse } from './demo/demo-clearing-house.ts';
import { startAuditAnchoring, writeAuditAnchors } from './db/audit-anchors.ts';
import { moveLegacyExchangeFolders } from './exchange/legacy-folders.ts';
import { startEmbeddedVacuum } from './db/embedded-vacuum.ts';

async function main() {
  const db = await openDatabase();
  await migrate(db);
  await seedAccess(db);
  await seedAdministrator(db);
  const demo = await loadDemoDataIfWanted(db);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const files = defaultFileStore(db);
  await moveLegacyImages(db, files, join(process.env.DATA_DIR ?? './data', 'files'));
  await moveLegacyExchangeFolders(db);
  const jobs = new JobQueue(db, files);
  await jobs.start();
  // The demo's history — its claims sent, answered, paid — goes through the product's own batches, intake and posting (a few minutes): a job, while the app already answers.
  if (demo) await jobs.enqueue({ actor: null, kind: 'demo-history', input: { fates: demo }, billingCompanyId: null });
  // The code sets of a first start (about 20 s) load as a job while the app already answers; look-ups fill in as they land.
  if (await bundledCodeSetsWanted(db))
    await jobs.enqueue({ actor: null, kind: 'bundled-code-sets', input: {}, billingCompanyId: null });
  // Clearing houses' inbound folders (999, 277CA, 835) are looked at on each account's own schedule.
  const stopPolling = startPollScheduler(db, jobs);
  // The demo's accounts have a clearing house of their own that answers what they send (nothing else is touched).
  const stopDemoHouse = startDemoClearingHouse(db, jobs);
  // The embedded database has no autovacuum worker: the server vacuums its most changed table each minute.
  const stopVacuum = startEmbeddedVacuum(db);
  // The audit trail's chains are anchored outside the database, signed, every AUDIT_ANCHOR_MINUTES (and on stopping).
  const stopAnchoring = startAuditAnchoring(db);
  const server = createApp({ db, files, jobs }).listen(port, host, () => {
    // The port bound, not the one asked: PORT=0 lets the system choose a free one (tests start servers that way).
    const bound = (server.address() as AddressInfo).port;
    console.log(
      `Listening on http://${host}:${bound} (${db.kind === 'pglite' ? `PGlite in ${process.env.DATA_DIR ?? './data'}` : 'PostgreSQL'})`,
    );
  });
  // Browsers and load balancers keep connections open longer than Node's 5 s default: closing first races their next request.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stop = () => {
    stopPolling();
    stopDemoHouse();
    stopVacuum();
    stopAnchoring();
    server.close(() =>
      jobs
        .stop()
        .then(() => writeAuditAnchors(db).catch(() => undefined))
        .then(() => db.close())
        .then(() => process.exit(0)),
    );
    // Open message streams never end by themselves: after a grace for requests under way, every connection is closed
    // so the server can stop (browsers reconnect to the next one).
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
