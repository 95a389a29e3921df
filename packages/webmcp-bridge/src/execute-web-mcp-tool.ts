/**
 * Calling a registered tool from inside the page (an embedded assistant, a
 * test harness) through Chromium's consumer extension, `getTools()` and
 * `executeTool()`. Native Chromium takes the arguments as an object; the
 * polyfill takes them as a JSON string. Both answer with the result as JSON.
 */
import type { ToolCallResult } from '@scorelane/tool-contracts';
import type { WebMcpModelContext } from './model-context.ts';

/**
 * How a call from the page ended: the tool's result (as the tool returned
 * it), or `not_registered` when no tool of that name is registered now.
 *
 * @example
 * ```ts
 * const outcome: ExecutedWebMcpTool = await executeWebMcpTool(modelContext, 'read_items', {});
 * if (outcome.ok) outcome.result.isError;
 * ```
 */
export type ExecutedWebMcpTool =
  | { readonly ok: true; readonly result: ToolCallResult }
  | { readonly ok: false; readonly reason: 'not_registered'; readonly message: string };

/**
 * Calls the registered tool `name` with `args` from the page, passing the
 * arguments as native Chromium (an object) or the polyfill (a JSON string)
 * wants them. Throws a `TypeError` where the model context has no
 * `getTools`/`executeTool` (only the page's agents and tests need them);
 * what the tool itself throws is rethrown as the browser reports it.
 *
 * @example
 * ```ts
 * const outcome = await executeWebMcpTool(document.modelContext, 'add_item', { title: 'Tea' });
 * ```
 */
export async function executeWebMcpTool(
  modelContext: WebMcpModelContext,
  name: string,
  args: Record<string, unknown>,
  options: { readonly signal?: AbortSignal } = {},
): Promise<ExecutedWebMcpTool> {
  const { getTools, executeTool } = modelContext;
  if (typeof getTools !== 'function' || typeof executeTool !== 'function') {
    throw new TypeError(
      "This model context has no getTools()/executeTool() (Chromium's consumer extension); call tools the way an agent does instead.",
    );
  }
  const tool = (await getTools.call(modelContext)).find((registered) => registered.name === name);
  if (tool === undefined) {
    return {
      ok: false,
      reason: 'not_registered',
      message: `No tool named ${name} is registered on this page now.`,
    };
  }
  const input = takesObjectArguments(modelContext) ? args : JSON.stringify(args);
  const answer = await executeTool.call(modelContext, tool, input, options);
  return { ok: true, result: parseAnswer(answer) };
}

/**
 * Whether `executeTool` is the browser's own (it takes an object) rather than
 * a script's, such as the polyfill's (it takes a JSON string).
 *
 * @example
 * ```ts
 * takesObjectArguments(document.modelContext); // true in Chromium with --enable-features=WebMCP
 * ```
 */
export function takesObjectArguments(modelContext: WebMcpModelContext): boolean {
  const { executeTool } = modelContext;
  return (
    typeof executeTool === 'function' &&
    /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(executeTool))
  );
}

/** The tool's result back from its JSON; a tool that returned something else is shown as text. */
function parseAnswer(answer: string | null): ToolCallResult {
  const value = parseJson(answer);
  if (isToolCallResult(value)) return value;
  return { content: [{ type: 'text', text: answer ?? '' }], isError: false };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isToolCallResult(value: unknown): value is ToolCallResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { content?: unknown }).content) &&
    typeof (value as { isError?: unknown }).isError === 'boolean'
  );
}
