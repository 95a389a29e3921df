/**
 * The wire shape of a finished call, identical to MCP's `CallToolResult`
 * (`content`, `structuredContent`, `isError`), which is also what a WebMCP
 * `execute` callback resolves to. Adapters return it as is.
 */
import { formatToolError, type ToolError } from './tool-error.ts';

/**
 * A text content block, as MCP and WebMCP define it.
 *
 * @example
 * ```ts
 * const block: TextContent = { type: 'text', text: 'Nothing was changed.' };
 * ```
 */
export interface TextContent {
  type: 'text';
  text: string;
}

/**
 * What an adapter hands back to the agent. On success `structuredContent`
 * is the validated output and the text is its JSON; on failure the text is
 * {@link formatToolError}'s rendering and `isError` is true.
 *
 * @example
 * ```ts
 * const result: ToolCallResult = {
 *   content: [{ type: 'text', text: '{"id":3}' }],
 *   structuredContent: { id: 3 },
 *   isError: false,
 * };
 * ```
 */
export interface ToolCallResult {
  content: TextContent[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  /**
   * On a failure, `{ revision }`: the target's revision after the call, when
   * the host has one. On a replay, `{ replay_of, revision? }` too.
   */
  _meta?: Record<string, unknown>;
}

/**
 * The result of a successful call.
 *
 * @example
 * ```ts
 * successResult({ id: 3 }); // { content: [{ type: 'text', text: '{"id":3}' }], structuredContent: { id: 3 }, isError: false }
 * ```
 */
export function successResult(output: Record<string, unknown>): ToolCallResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) }],
    structuredContent: output,
    isError: false,
  };
}

/**
 * The result of a keyed call that was not run again because an earlier call
 * (`replayOf`) with the same `idempotency_key` and arguments succeeded: its
 * recorded output, unchanged, then a line saying it is a replay. The target
 * may have moved since (an undo, another caller), so the line and
 * `_meta.revision` give the revision now; `structuredContent` stays the
 * recorded output, which still matches the tool's output schema.
 *
 * @example
 * ```ts
 * replayedResult({ id: 3 }, 'call-1', 'r5').content[1]?.text;
 * // 'Replayed: call call-1 already ran with this idempotency_key and these arguments; ...'
 * ```
 */
export function replayedResult(
  output: Record<string, unknown>,
  replayOf: string,
  revision: string | null = null,
): ToolCallResult {
  const now = revision === null ? '' : ` Revision now: ${revision}.`;
  const note =
    `Replayed: call ${replayOf} already ran with this idempotency_key and these arguments; ` +
    'above is its recorded result, and nothing ran again. What it changed may have been ' +
    `undone or changed since: read the target again before relying on it.${now}`;
  return {
    content: [
      { type: 'text', text: JSON.stringify(output) },
      { type: 'text', text: note },
    ],
    structuredContent: output,
    isError: false,
    _meta: { replay_of: replayOf, ...(revision === null ? {} : { revision }) },
  };
}

/**
 * The result of a failed call. `nothingChanged` puts `Nothing was changed.`
 * first; `mayHaveChanged` (a write that failed after its target moved) ends
 * it with a line saying the call may have changed something; `revision`
 * (the target's revision after the call, when the host has one) ends it
 * with `Revision now: <revision>.` and is also `_meta.revision`, so an agent
 * refused as stale can retry without reading again.
 *
 * There is no `structuredContent`: a tool's output schema describes its
 * successes only, and some clients check an error's `structuredContent`
 * against it too.
 *
 * @example
 * ```ts
 * errorResult(toolError('not_found', 'There is no item 7.'), true, false, 'r4');
 * // { content: [{ type: 'text', text: 'Nothing was changed.\nThere is no item 7.\nRevision now: r4.' }],
 * //   isError: true, _meta: { revision: 'r4' } }
 * ```
 */
export function errorResult(
  error: ToolError,
  nothingChanged: boolean,
  mayHaveChanged = false,
  revision: string | null = null,
): ToolCallResult {
  const text = formatToolError(error, { nothingChanged, mayHaveChanged, revisionNow: revision });
  return {
    content: [{ type: 'text', text }],
    isError: true,
    ...(revision === null ? {} : { _meta: { revision } }),
  };
}
