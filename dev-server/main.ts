import { createApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { seedAccess, seedAdministrator } from './db/seed.ts';
import { loadBundledCodeSets } from './codes/code-set-import.ts';
import { loadDemoDataIfWanted } from './demo/demo-data.ts';

async function main() {
  const db = await openDatabase();
  await migrate(db);
  await seedAccess(db);
  await seedAdministrator(db);
  await loadDemoDataIfWanted(db);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = createApp({ db }).listen(port, host, () => {
    console.log(`Listening on http://${host}:${port} (${db.kind === 'pglite' ? `PGlite in ${process.env.DATA_DIR ?? './data'}` : 'PostgreSQL'})`);
    // The code sets of a first start (about 20 s) load while the app already answers; look-ups fill in as they land.
    loadBundledCodeSets(db).catch((e) => console.error(`Loading the code sets failed: ${(e as Error).message}`));
  });
  const stop = () => server.close(() => db.close().then(() => process.exit(0)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
