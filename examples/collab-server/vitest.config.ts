import { packageTestConfig } from '../../vitest.shared.ts';

// One PostgreSQL server for the run, for the suite that runs against both stores.
export default packageTestConfig({ test: { globalSetup: ['test/postgres-global.ts'] } });
