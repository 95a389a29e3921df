/**
 * The WebMCP tools of the person's role, registered through
 * `@scorelane/webmcp-bridge`: natively where the browser has WebMCP,
 * through `@mcp-b/webmcp-polyfill` elsewhere. Every call goes through the
 * score tools' pipeline (one undo step per write) and is reported to the
 * page, which highlights what it changed.
 */
import type { ScoreTools } from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import { createWebMcpBridge, ensureModelContext } from '@scorelane/webmcp-bridge';
import type { Role } from './editor-role.ts';

/** Tools that need a click on the page first (Web Audio). */
const NEEDS_A_GESTURE = ['play'];

/**
 * How the tools were offered, for the status line. `reregister` hands the
 * bridge the host again after the tools' scope or switched-off tools
 * changed: the set is withdrawn and registered anew when it differs.
 */
export type AgentToolsStatus =
  | {
      readonly ok: true;
      readonly source: string;
      readonly tools: readonly string[];
      reregister(): Promise<void>;
    }
  | { readonly ok: false; readonly message: string };

/** Registers the tools of `role`; `onInvocation` hears of every finished agent call. */
export async function offerAgentTools(
  tools: ScoreTools,
  role: Role,
  onInvocation: (invocation: ToolInvocation) => void,
): Promise<AgentToolsStatus> {
  const found = await ensureModelContext({
    polyfill: () => import('@mcp-b/webmcp-polyfill'),
  });
  if (!found.ok) return { ok: false, message: found.message };
  const bridge = createWebMcpBridge(found.modelContext, {
    requireUserActivation: NEEDS_A_GESTURE,
  });
  const host = { pipeline: tools.pipeline, role, ready: true, onInvocation };
  const { registered, failed } = await bridge.update(host);
  if (failed.length > 0) {
    const names = failed.map((failure) => failure.name).join(', ');
    return { ok: false, message: `The browser refused some tools (${names}).` };
  }
  const reregister = async () => {
    await bridge.update(host);
  };
  return { ok: true, source: found.source, tools: registered, reregister };
}
