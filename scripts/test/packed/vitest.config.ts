/**
 * The packaging tests (`npm run test:packed`): the packed tarballs installed
 * into a fresh project outside the repository, as a developer installs them.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The tests share one project, and each starts processes of its own.
    fileParallelism: false,
    // In CI the results are also written down, for scripts/test-summary.mjs --packed.
    ...(process.env.CI
      ? { reporters: ['default', 'json'], outputFile: { json: 'test-results.json' } }
      : {}),
  },
});
