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
 * The result of a failed call. `nothingChanged` puts `Nothing was changed.`
 * first; `mayHaveChanged` (a write that failed after its target moved) ends
 * it with a line saying the call may have changed something. There is no `structuredContent`: a tool's output schema describes
 * its successes only.
 *
 * @example
 * ```ts
 * errorResult(toolError('not_found', 'There is no item 7.'), true).content[0]?.text;
 * // 'Nothing was changed.\nThere is no item 7.'
 * ```
 */
export function errorResult(
  error: ToolError,
  nothingChanged: boolean,
  mayHaveChanged = false,
): ToolCallResult {
  return {
    content: [{ type: 'text', text: formatToolError(error, { nothingChanged, mayHaveChanged }) }],
    isError: true,
  };
}
