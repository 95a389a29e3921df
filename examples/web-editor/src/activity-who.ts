/**
 * Who an activity entry names, as this page says it: the person here is
 * "You", an agent in this browser is "An agent in this browser", and the
 * others are a collaborator, an agent in a collaborator's browser, or an
 * agent on the collaboration server's MCP endpoint (by its session's name).
 * A proposal a person accepted names both: "Bob, accepting a proposal by
 * MCP agent claude-code".
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
  const who = whoActed(entry.by, entry.client, ownClient);
  if (entry.proposed_by === undefined) return who;
  // The proposer's client is not recorded: "this browser" cannot be told, so its agents are named by person.
  const proposer = whoActed(entry.proposed_by, Number.NaN, ownClient);
  return `${who}, accepting a proposal by ${proposer.replace(/^An? /, (a) => a.toLowerCase())}`;
}

/**
 * The words for `by`, who acted from the document whose client id is
 * `client`, seen from the page whose Y.Doc has the client id `ownClient`.
 * An MCP agent is named by the name its session goes by.
 *
 * @example
 * ```ts
 * whoActed({ kind: 'agent', via: 'mcp', name: 'claude-code' }, 7, doc.clientID); // 'MCP agent claude-code'
 * ```
 */
export function whoActed(by: ActivityEntry['by'], client: number, ownClient: number): string {
  const here = client === ownClient;
  const name = by.name;
  if (by.kind === 'person') {
    if (here) return 'You';
    return name ?? 'A collaborator';
  }
  if (by.via === 'mcp')
    return name === undefined ? 'An MCP agent on the server' : `MCP agent ${name}`;
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
