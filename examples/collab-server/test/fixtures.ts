/**
 * What the tests share: a database file in a fresh temporary folder, the
 * score's shared types, and a server started on an OS-picked port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT_NAMES } from '@scorelane/score-model';
import type * as Y from 'yjs';
import { type CollabServer, type CollabServerOptions, startCollabServer } from '../src/index.ts';

/** A database path in a new temporary folder; `remove()` deletes the folder. */
export function tempDatabase(): { readonly path: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'collab-server-'));
  return {
    path: join(folder, 'scores.db'),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A server on 127.0.0.1 with an OS-picked port; warnings are collected, not printed. */
export function startTestServer(
  database: string,
  options: Partial<CollabServerOptions> = {},
): Promise<CollabServer> {
  return startCollabServer({ database, port: 0, onWarning: () => {}, ...options });
}

/** The ids of the score's measures, in order. */
export function measureIds(doc: Y.Doc): string[] {
  return doc.getArray<string>(ROOT_NAMES.measureOrder).toArray();
}

/** The score's units map. */
export function units(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(ROOT_NAMES.units);
}

/** A token from a link (`?doc=NAME&token=...`). */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`no token in ${link}`);
  return token;
}
