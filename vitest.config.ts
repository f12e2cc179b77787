import { defineConfig } from 'vitest/config';
import DemoAwareSequencer from './tests/helpers/sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Both cores: test files are independent (each its own database, server and browser), and the suite is CPU-bound.
    maxWorkers: 2,
    // A worker runs file after file in one process: each file still has its own database, server and browser, and
    // the product's modules are loaded once per worker instead of once per file (a third of the suite's time).
    isolate: false,
    sequence: { sequencer: DemoAwareSequencer },
    reporters: process.env.CI_REPORT ? ['default', ['json', { outputFile: process.env.CI_REPORT }]] : ['default'],
  },
});
