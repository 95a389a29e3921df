/**
 * An agent's hold on one live document: a Hocuspocus direct connection (the
 * document stays loaded, and the agent's writes reach every client, Redis
 * and the store like anyone's), the score tools over it, and an undo
 * controller that records the agent's own transaction origin only. So each
 * tool call is one undo step, and the agent's `undo` never takes back a
 * person's edit. While it is open, the agent is on the document's presence
 * list ("MCP agent", with what it selected). Every change an agent makes is
 * recorded in the document's shared activity log (score-tools'
 * `openActivityLog`), so the editors on the document list it as an MCP
 * agent's.
 */
import type { Hocuspocus } from '@hocuspocus/server';
import { exportMusicXml } from '@scorelane/musicxml';
import { openScore } from '@scorelane/score-model';
import { createScoreTools, openActivityLog, type ScoreTools } from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import { agentPresence } from './agent-presence.ts';

/**
 * The tools of one document, shared by every agent call on it.
 *
 * @example
 * ```ts
 * const session = await openAgentSession(hocuspocus, 'ode');
 * await session.tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
 * await session.close();
 * ```
 */
export interface AgentSession {
  readonly name: string;
  readonly tools: ScoreTools;
  /** Lets the document unload (the agent's undo history goes with it). */
  close(): Promise<void>;
}

/**
 * Opens the live document `name` (loading it if no one has it open) for agents.
 *
 * @example
 * ```ts
 * const session = await openAgentSession(hocuspocus, 'ode');
 * ```
 */
export async function openAgentSession(
  hocuspocus: Hocuspocus,
  name: string,
): Promise<AgentSession> {
  const connection = await hocuspocus.openDirectConnection(name, { agent: true });
  const doc = connection.document!;
  const undo = createUndoController(doc);
  const presence = agentPresence(doc);
  const tools = createScoreTools({
    score: openScore(doc, { origin: undo.origin }),
    undo,
    selection: presence,
    actor: 'agent',
    exporters: { musicxml: exportMusicXml },
    activity: { log: openActivityLog(doc), by: { kind: 'agent', via: 'mcp' } },
  });
  return {
    name,
    tools,
    close: async () => {
      undo.destroy();
      presence.leave();
      await connection.disconnect();
    },
  };
}
