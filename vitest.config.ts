import { defineConfig } from 'vitest/config';
import DemoAwareSequencer from './tests/helpers/sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every hand-written route's JSON answer is checked against what it declares (dev-server/http/answer-check.ts).
    env: { RCP_CHECK_ANSWERS: '1' },
    // Both cores: test files are independent (each its own database, server and browser), and the suite is CPU-bound.
    maxWorkers: 2,
    // Each file in a fresh process (isolate, vitest's default). One process per worker loaded the modules once and cut
    // tests/api from 257 s to 171 s, but a browser test (admin-screens' photo upload) then failed once in three full
    // runs for a reason not yet found; until it is, isolation stays.
    sequence: { sequencer: DemoAwareSequencer },
    reporters: process.env.CI_REPORT ? ['default', ['json', { outputFile: process.env.CI_REPORT }]] : ['default'],
  },
});
