import { defineConfig } from 'vitest/config';
import DemoAwareSequencer from './tests/helpers/sequencer.ts';

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // expect.poll waits for what a person would wait for (a badge, a list answering). Vitest gives up after 1 s, which a
    // loaded two-core CI box can exceed on a correct screen; a passing poll returns as soon as it holds, so a longer
    // limit costs a green run nothing.
    expect: { poll: { timeout: 10_000 } },
    // Every hand-written route's JSON answer is checked against what it declares (dev-server/http/answer-check.ts).
    env: { RCP_CHECK_ANSWERS: '1' },
    // Both cores: test files are independent (each its own database, server and browser), and the suite is CPU-bound.
    maxWorkers: 2,
    sequence: { sequencer: DemoAwareSequencer },
    reporters: process.env.CI_REPORT ? ['default', ['json', { outputFile: process.env.CI_REPORT }]] : ['default'],
    projects: [
      {
        extends: true,
        // The server's files share a worker's loaded modules: loading the product again for each file was half the
        // suite's time (tests/api: 325 s isolated, 178 s shared). Each file still has its own database and server,
        // closes what it opens, and restores what it changes of the process (its environment).
        // On a PostgreSQL server (npm run test:pg) the fuzz of bad input is not run again: what it tries is answered
        // before any query, the same on either database, and it is the run's longest file after the browser's.
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts'],
          exclude: [
            'tests/e2e/**',
            ...(process.env.TEST_DATABASE === 'postgres' ? ['tests/api/bad-input-fuzz.test.ts'] : []),
          ],
          isolate: false,
        },
      },
      {
        extends: true,
        // A browser file runs in a fresh process (isolate, vitest's default): with shared workers a browser test
        // (admin-screens' photo upload) failed once in three full runs for a reason not yet found.
        test: { name: 'browser', include: ['tests/e2e/**/*.test.ts'] },
      },
    ],
  },
});
