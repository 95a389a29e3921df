import { packageTestConfig } from '../../vitest.shared.ts';

/** The unit tests: no browser needed (the browser tests run under `npm run test:browser`). */
export default packageTestConfig();
