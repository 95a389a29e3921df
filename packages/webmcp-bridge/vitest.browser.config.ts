import { packageTestConfig } from '../../vitest.shared.ts';

/**
 * The browser tests: real Chromium, so only under `npm run test:browser`, one
 * file at a time. In CI their results go to `test-results.browser.json`, beside
 * (not over) the unit tests' `test-results.json`.
 */
export default packageTestConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    fileParallelism: false,
    ...(process.env.CI
      ? { reporters: ['default', 'json'], outputFile: { json: 'test-results.browser.json' } }
      : {}),
  },
});
