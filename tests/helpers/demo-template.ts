import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database } from '../../dev-server/db/database.ts';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { TEMPLATE_DUMP, newPostgresDatabase, usePostgres } from './test-database.ts';

/**
 * The demo as a first start leaves it (three billing companies, eighteen months of claims sent, answered and paid),
 * loaded once per run and copied for every test file that reads it: loading it is the suite's longest set-up, and
 * each of its readers used to load its own. Global set-up starts building it in a process of its own while the
 * workers run other files; a reader waits for the event that it is ready (or failed), then takes its own copy.
 */
export const DEMO_SIZE = { patientsPerBillingCompany: 150 } as const;
/** A demo reader's set-up limit: building the demo, or waiting for it, takes minutes on a loaded machine (a bound). */
export const DEMO_SETUP_TIMEOUT = 600_000;

const ROOT = new URL('../..', import.meta.url).pathname;
const DIR = dirname(TEMPLATE_DUMP);
export const DEMO_DUMP = join(DIR, 'demo-template.tar');
export const DEMO_DB = 'rcp_demo_template';
export const DEMO_BUILD_DB = 'rcp_demo_build';
const BUILDING = join(DIR, 'demo-template.building');
export const DEMO_READY = join(DIR, 'demo-template.ready');
export const DEMO_FAILED = join(DIR, 'demo-template.failed');
const LOG = join(DIR, 'demo-template.log');

/** A database of the test file's own holding the demo. */
export async function demoDatabase(): Promise<Database> {
  startDemoBuild();
  await demoReady();
  return usePostgres ? newPostgresDatabase(DEMO_DB) : openPglite(undefined, new Blob([readFileSync(DEMO_DUMP)]));
}

/** Global set-up's part: forget the last run's demo (it is built from this run's code). */
export function forgetDemo() {
  for (const f of [DEMO_DUMP, BUILDING, DEMO_READY, DEMO_FAILED, LOG]) rmSync(f, { force: true });
}

/** Starts the build unless a process already has (the first to create the marker wins); returns its process if ours. */
export function startDemoBuild() {
  let marker: number;
  try {
    marker = openSync(BUILDING, 'wx');
  } catch {
    return undefined;
  }
  closeSync(marker);
  const log = openSync(LOG, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/helpers/build-demo.ts')], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', log, log],
  });
  // A builder that dies without a word (killed, out of memory) still wakes its readers.
  child.on('exit', (code, signal) => {
    closeSync(log);
    if (!existsSync(DEMO_READY) && !existsSync(DEMO_FAILED))
      writeFailed(`the demo's builder ended (${code ?? signal}):\n${readFileSync(LOG, 'utf8').slice(-4000)}`);
  });
  return child;
}

/** Written whole, then renamed: a reader woken by it (or the dump) reads all of it. */
export function writeMarker(path: string, text: string | Buffer = '') {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

export const writeFailed = (why: string) => writeMarker(DEMO_FAILED, why);

/** Resolves when the builder says the demo is ready; fails with the builder's error if it failed. */
function demoReady(): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(DIR, () => settle());
    const settle = () => {
      if (existsSync(DEMO_READY)) {
        watcher.close();
        resolve();
      } else if (existsSync(DEMO_FAILED)) {
        watcher.close();
        reject(new Error(`The shared demo failed to load:\n${readFileSync(DEMO_FAILED, 'utf8')}`));
      }
    };
    settle();
  });
}
