import { packageTestConfig } from '../../vitest.shared.ts';

/** The browser tests: real Chromium, so only under `npm run test:browser`, one file at a time. */
export default packageTestConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    fileParallelism: false,
  },
});
