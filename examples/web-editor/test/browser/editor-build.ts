/**
 * The editor built once per test file: Vite's production bundle (as
 * `npm run build` makes it) in a temporary folder, which a test serves on
 * its own or through the collaboration server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** A built editor: its folder, and how to delete it. */
export interface BuiltEditor {
  readonly dir: string;
  remove(): void;
}

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the editor into a new temporary folder. */
export async function buildEditor(): Promise<BuiltEditor> {
  const dir = mkdtempSync(join(tmpdir(), 'web-editor-build-'));
  await build({ root: PACKAGE_ROOT, logLevel: 'error', build: { outDir: dir, emptyOutDir: true } });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
