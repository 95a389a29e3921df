/**
 * What the host tells the bridge on every update: its pipeline, the
 * person's role, whether its document is ready, and what it wants to hear
 * of each call. The bridge keeps only the latest one, in a ref.
 */
import type { ToolInvocation, ToolPipeline } from '@scorelane/tool-contracts';

/**
 * The host's state, as of its latest render or change.
 *
 * - `pipeline`: the tool-contracts pipeline every call goes through (it
 *   checks arguments and permission and formats errors as MCP does). A new
 *   pipeline object for the same catalog does not re-register anything:
 *   the next call simply reaches it.
 * - `role`: the role calls run as and whose tools are registered; `null`
 *   registers none (no one signed in, or the page offers no agent tools).
 * - `ready`: whether the document can honour a call (loaded, its provider
 *   synced). Until it is, no tool is registered.
 * - `onInvocation`: told of every finished call (an activity feed). A hook
 *   that throws is reported, never turned into the call's outcome.
 *
 * @example
 * ```ts
 * const host: WebMcpHost = { pipeline, role: 'editor', ready: provider.synced, onInvocation: log };
 * bridge.update(host);
 * ```
 */
export interface WebMcpHost {
  readonly pipeline: ToolPipeline;
  readonly role: string | null;
  readonly ready: boolean;
  readonly onInvocation?: (invocation: ToolInvocation) => void;
}
