import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Both cores: test files are independent (each its own database, server and browser), and the suite is CPU-bound.
    maxWorkers: 2,
    reporters: process.env.CI_REPORT ? ['default', ['json', { outputFile: process.env.CI_REPORT }]] : ['default'],
  },
});
