import { packageTestConfig } from '../../vitest.shared.ts';

/**
 * The end-to-end tests: the built editor in real Chromium, so only under
 * `npm run test:browser`, one file at a time, results beside (not over) the
 * unit tests' in CI.
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
