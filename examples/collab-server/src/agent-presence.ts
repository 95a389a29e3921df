/**
 * The agents of a document in its awareness, so the people on it see them:
 * while an agent session is open, the server's own awareness state on the
 * live document is a presence named "MCP agent", and what the agent selects
 * (`select_measures`, or a write, which selects what it changed) is its
 * selection there, as a person's page shares
 * theirs (`{ user: { name, color }, selection }`).
 */
import type { Document } from '@hocuspocus/server';
import type { ScoreSelection, SelectionHost } from '@scorelane/score-tools';

/** How the agents of a document appear to the people on it. */
export const AGENT_PRESENCE_USER = { name: 'MCP agent', color: '#ef6c00' } as const;

/**
 * The agents' selection, shared in `document`'s awareness; `leave()` removes the presence.
 *
 * @example
 * ```ts
 * const presence = agentPresence(connection.document!);
 * createScoreTools({ score, undo, selection: presence });
 * ```
 */
export function agentPresence(document: Document): SelectionHost & { leave(): void } {
  let selection: ScoreSelection | null = null;
  const share = () =>
    document.awareness.setLocalState({
      user: AGENT_PRESENCE_USER,
      selection:
        selection === null
          ? null
          : { start_measure: selection.start_measure, end_measure: selection.end_measure },
    });
  share();
  return {
    get: () => selection,
    set(next) {
      selection = { ...next, parts: [...next.parts] };
      share();
    },
    leave: () => document.awareness.setLocalState(null),
  };
}
