/**
 * A change someone else made, as this page shows it: an activity-log entry
 * that arrived after the page loaded and was recorded by another client (a
 * collaborator, an agent in their browser, an MCP agent on the server). Its
 * range is highlighted on the engraved score without moving the person's
 * selection, and the status line says who changed what.
 */
import type { ActivityEntry, ActivityLog } from '@scorelane/score-tools';
import { changeWords } from './person-words.ts';

/** Tells which of the log's entries are someone else's and new since the last look. */
export interface RemoteChangeFilter {
  /** The entries of `entries` not seen before and recorded by another client, oldest first. */
  arrived(entries: readonly ActivityEntry[]): ActivityEntry[];
}

/**
 * A filter that has seen `initial` (the entries there when the page loaded)
 * and counts as remote what a client other than `ownClient` recorded.
 *
 * @example
 * ```ts
 * const filter = remoteChangeFilter(log.entries(), log.doc.clientID);
 * log.subscribe(() => filter.arrived(log.entries()).forEach(show));
 * ```
 */
export function remoteChangeFilter(
  initial: readonly ActivityEntry[],
  ownClient: number,
): RemoteChangeFilter {
  const seen = new Set(initial.map((entry) => entry.id));
  return {
    arrived(entries) {
      const fresh = entries.filter((entry) => !seen.has(entry.id));
      for (const entry of fresh) seen.add(entry.id);
      return fresh.filter((entry) => entry.client !== ownClient);
    },
  };
}

/**
 * Calls `show` with the newest remote entry that has a range each time
 * remote entries arrive in `log`; returns the unsubscribe.
 */
export function onRemoteChange(log: ActivityLog, show: (entry: ActivityEntry) => void): () => void {
  const filter = remoteChangeFilter(log.entries(), log.doc.clientID);
  return log.subscribe(() => {
    const newest = filter
      .arrived(log.entries())
      .filter((entry) => entry.range !== null)
      .at(-1);
    if (newest !== undefined) show(newest);
  });
}

/**
 * The status line for a remote entry, in words (no tool names):
 * `Guest 3 rewrote measure 2.`, `An agent on the server (claude-code)
 * rewrote measures 2-3.`, `An agent in Guest 3’s browser rewrote measure 2.`
 *
 * @example
 * ```ts
 * remoteChangeMessage({ ...entry, by: { kind: 'agent', via: 'mcp' }, tool: 'rewrite_measures' });
 * // 'An agent on the server rewrote measure 2.'
 * ```
 */
export function remoteChangeMessage(
  entry: ActivityEntry,
  partNames: readonly string[] = [],
): string {
  const { by, tool, range } = entry;
  const what = changeWords(tool, range, partNames);
  if (by.kind === 'person') return `${by.name ?? 'A collaborator'} ${what}.`;
  if (by.via === 'mcp') {
    const named = by.name === undefined ? '' : ` (${by.name})`;
    return `An agent on the server${named} ${what}.`;
  }
  const browser = by.name === undefined ? 'a collaborator’s browser' : `${by.name}’s browser`;
  return `An agent in ${browser} ${what}.`;
}
