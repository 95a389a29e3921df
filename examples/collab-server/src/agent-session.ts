/**
 * One MCP agent's hold on one live document: a Hocuspocus direct connection
 * (the document stays loaded, and the agent's writes reach every client,
 * Redis and the store like anyone's), the score tools over it, and an undo
 * controller of its own that records only this agent's transaction origin.
 * So each tool call is one undo step, and the agent's `undo` never takes
 * back a person's edit or another agent's. Each agent has its own presence
 * entry (name and colour), its own name in the document's shared activity
 * log, and its own idempotency records. Its writes obey the document's
 * oversight settings (review mode and the agents' scope, score-tools'
 * `openOversightSettings`): in review mode they are held as proposals in the
 * document, which any person with the edit role accepts or rejects.
 */
import type { Hocuspocus } from '@hocuspocus/server';
import { exportMusicXmlWithinLimit, exportMxlWithinLimit } from '@scorelane/musicxml';
import { openScore } from '@scorelane/score-model';
import {
  createScoreTools,
  openActivityLog,
  openOversightSettings,
  openProposalStore,
  type ScoreFileHost,
  type ScoreTools,
} from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import { AGENT_COLORS, agentPresence } from './agent-presence.ts';

/**
 * Who the agent is, as the people on the document see it.
 *
 * @example
 * ```ts
 * const who: AgentIdentity = { name: 'claude-code', color: '#0277bd' };
 * ```
 */
export interface AgentIdentity {
  /** Its name in the activity log and, with " (MCP agent)", on the presence list. */
  readonly name: string;
  /** Its presence colour, `#rrggbb`. */
  readonly color: string;
}

/**
 * The tools of one agent on one document.
 *
 * @example
 * ```ts
 * const session = await openAgentSession(hocuspocus, 'ode', { name: 'claude-code', color: '#0277bd' });
 * await session.tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
 * await session.close();
 * ```
 */
export interface AgentSession {
  /** The document's name. */
  readonly name: string;
  readonly agent: AgentIdentity;
  readonly tools: ScoreTools;
  /** The Yjs awareness client id of the agent's presence entry. */
  readonly presenceId: number;
  /** Ends the session: its presence leaves, its undo history goes, the document may unload. */
  close(): Promise<void>;
}

/**
 * Opens the live document `name` (loading it if no one has it open) for one
 * agent; with `files`, its exports are kept there and answered as links.
 *
 * @example
 * ```ts
 * const session = await openAgentSession(hocuspocus, 'ode');
 * ```
 */
export async function openAgentSession(
  hocuspocus: Hocuspocus,
  name: string,
  agent: AgentIdentity = { name: 'MCP agent', color: AGENT_COLORS[0] },
  files?: ScoreFileHost,
): Promise<AgentSession> {
  const connection = await hocuspocus.openDirectConnection(name, { agent: true });
  const document = connection.document!;
  const undo = createUndoController(document);
  const presence = agentPresence(document, { name: presenceName(agent.name), color: agent.color });
  const tools = createScoreTools({
    score: openScore(document, { origin: undo.origin }),
    undo,
    selection: presence,
    actor: 'agent',
    exporters: { musicxml: exportMusicXmlWithinLimit, mxl: exportMxlWithinLimit },
    ...(files === undefined ? {} : { files }),
    activity: {
      log: openActivityLog(document),
      by: { kind: 'agent', via: 'mcp', name: agent.name },
    },
    oversight: {
      settings: openOversightSettings(document),
      proposals: openProposalStore(document),
    },
  });
  let closed = false;
  return {
    name,
    agent,
    tools,
    presenceId: presence.clientId,
    close: async () => {
      if (closed) return;
      closed = true;
      undo.destroy();
      presence.leave();
      await connection.disconnect();
    },
  };
}

/** The agent's name on the presence list, which takes at most 60 characters. */
function presenceName(name: string): string {
  return name === 'MCP agent' ? name : `${name.slice(0, 47)} (MCP agent)`;
}
