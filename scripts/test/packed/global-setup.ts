/**
 * Makes the packed project once for every packaging test, and deletes it after.
 * `SCORELANE_PACKED_NODES` (paths separated by `:`) names more Node binaries
 * to check `import` and `require` with; `.ci/run` passes Node 20.19.0 (the
 * engines floor) and Node 24 there.
 */
import type { TestProject } from 'vitest/node';
import { createPackedProject, type PackedProject, removePackedProject } from './packed-project.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedProject;
  }
}

export default async function setup(vitest: TestProject): Promise<() => Promise<void>> {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: npm run test:packed runs outside turbo.
  const more = (process.env.SCORELANE_PACKED_NODES ?? '').split(':').filter(Boolean);
  const project = await createPackedProject([process.execPath, ...more]);
  vitest.provide('packed', project);
  return () => removePackedProject(project);
}
