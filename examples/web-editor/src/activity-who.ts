/**
 * Who an activity entry names, as this page says it: the person here is
 * "You", an agent in this browser is "An agent in this browser", and the
 * others are a collaborator, an agent in a collaborator's browser, or an
 * agent on the collaboration server's MCP endpoint.
 */
import type { ActivityEntry } from '@scorelane/score-tools';

/**
 * The words for who made `entry`, seen from the page whose Y.Doc has the
 * client id `ownClient`.
 *
 * @example
 * ```ts
 * whoDid({ ...entry, by: { kind: 'agent', via: 'webmcp' }, client: doc.clientID }, doc.clientID);
 * // 'An agent in this browser'
 * ```
 */
export function whoDid(entry: ActivityEntry, ownClient: number): string {
  const here = entry.client === ownClient;
  const name = entry.by.name;
  if (entry.by.kind === 'person') {
    if (here) return 'You';
    return name ?? 'A collaborator';
  }
  if (entry.by.via === 'mcp') return 'An MCP agent on the server';
  if (here) return 'An agent in this browser';
  return name === undefined
    ? 'An agent in a collaborator’s browser'
    : `An agent in ${name}’s browser`;
}

/**
 * `23:10:05`: when an entry was recorded, in the page's local time.
 *
 * @example
 * ```ts
 * timeOf('2026-11-30T23:10:05.000Z'); // '23:10:05' in UTC
 * ```
 */
export function timeOf(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
