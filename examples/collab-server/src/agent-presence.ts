/**
 * Each agent session in its document's awareness, so the people on it see
 * every agent apart: a presence entry of its own (its own awareness client
 * id, not the server's), `{ user: { name, color }, selection }` as a
 * person's page shares it, with what the agent selected (`select_measures`,
 * or a write, which selects what it changed). The entry is renewed every 15
 * seconds (awareness drops entries not renewed within 30) and removed when
 * the session ends.
 */
import { randomInt } from 'node:crypto';
import type { Document } from '@hocuspocus/server';
import type { ScoreSelection, SelectionHost } from '@scorelane/score-tools';

/** The colours agent sessions take in turn: `#rrggbb`, apart from the people's palette. */
export const AGENT_COLORS = [
  '#ef6c00',
  '#0277bd',
  '#558b2f',
  '#8e24aa',
  '#d84315',
  '#00695c',
  '#5d4037',
  '#c2185b',
] as const;

/** How often an agent's entry is renewed. */
const RENEW_MS = 15_000;

/** One agent's presence: its user, as the page shows it. */
export interface AgentPresenceUser {
  readonly name: string;
  readonly color: string;
}

/**
 * The agent's selection, shared in `document`'s awareness under a client id
 * of its own; `leave()` removes the entry.
 *
 * @example
 * ```ts
 * const presence = agentPresence(connection.document!, { name: 'claude-code (MCP agent)', color: '#0277bd' });
 * createScoreTools({ score, undo, selection: presence });
 * ```
 */
export function agentPresence(
  document: Document,
  user: AgentPresenceUser,
): SelectionHost & { readonly clientId: number; leave(): void } {
  const awareness = document.awareness;
  let clientId = randomInt(1, 2 ** 31);
  while (awareness.states.has(clientId) || clientId === awareness.clientID) {
    clientId = randomInt(1, 2 ** 31);
  }
  let selection: ScoreSelection | null = null;
  let left = false;
  const publish = (state: Record<string, unknown> | null) => {
    const clock = (awareness.meta.get(clientId)?.clock ?? 0) + 1;
    const had = awareness.states.has(clientId);
    awareness.meta.set(clientId, { clock, lastUpdated: Date.now() });
    if (state === null) awareness.states.delete(clientId);
    else awareness.states.set(clientId, state);
    const change = {
      added: !had && state !== null ? [clientId] : [],
      updated: had && state !== null ? [clientId] : [],
      removed: had && state === null ? [clientId] : [],
    };
    awareness.emit('change', [change, 'agent-presence']);
    awareness.emit('update', [change, 'agent-presence']);
  };
  const share = () =>
    publish({
      user: { name: user.name, color: user.color },
      selection:
        selection === null
          ? null
          : { start_measure: selection.start_measure, end_measure: selection.end_measure },
    });
  share();
  const renew = setInterval(share, RENEW_MS);
  renew.unref();
  return {
    clientId,
    get: () => selection,
    set(next) {
      selection = { ...next, parts: [...next.parts] };
      if (!left) share();
    },
    leave() {
      if (left) return;
      left = true;
      clearInterval(renew);
      publish(null);
    },
  };
}
