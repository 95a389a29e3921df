/**
 * Vitest's global setup: one PostgreSQL server for the whole run (when its
 * binaries are installed), whose superuser URL the tests `inject` as
 * `postgresAdminUrl` ('' when there is none); stopped and deleted at the end.
 * Tests that stop PostgreSQL on purpose start a server of their own.
 */
import type { TestProject } from 'vitest/node';
import { postgresBinaries, startPostgres } from './postgres-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (postgresBinaries() === undefined) {
    project.provide('postgresAdminUrl', '');
    return async () => {};
  }
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.remove();
}
