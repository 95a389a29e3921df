/**
 * One agent call, from WebMCP's `execute` to the host's pipeline: the host
 * is read at call time (never captured at registration), the gesture rule
 * is checked, and the pipeline's result goes back unchanged.
 */
import {
  errorResult,
  type ToolCallResult,
  type ToolInvocation,
  toolError,
} from '@scorelane/tool-contracts';
import { userActivationRefusal } from './user-activation.ts';
import type { WebMcpHost } from './web-mcp-host.ts';

/**
 * How a call learns whether it may run now.
 *
 * @example
 * ```ts
 * const gate: CallGate = {
 *   needsUserActivation: (name) => name === 'play',
 *   hasUserActivation: () => navigator.userActivation.hasBeenActive,
 * };
 * ```
 */
export interface CallGate {
  readonly needsUserActivation: (toolName: string) => boolean;
  readonly hasUserActivation: () => boolean | undefined;
}

/**
 * Runs one call against the latest host: refuses at once when the document
 * is not ready (a call that raced a withdrawal) or when the tool needs a
 * gesture the page has not had; otherwise invokes the pipeline as the
 * host's current role and returns its result, the same as MCP's.
 *
 * @example
 * ```ts
 * const execute = (input: unknown) => callThroughPipeline(() => latest, 'read_items', input, gate);
 * ```
 */
export async function callThroughPipeline(
  latestHost: () => WebMcpHost | undefined,
  toolName: string,
  input: unknown,
  gate: CallGate,
  signal?: AbortSignal,
): Promise<ToolCallResult> {
  const host = latestHost();
  if (host === undefined || !host.ready || host.role === null) return unavailable(toolName);
  if (gate.needsUserActivation(toolName) && gate.hasUserActivation() === false) {
    return userActivationRefusal(toolName);
  }
  const invocation = await host.pipeline.invoke(toolName, input ?? {}, {
    role: host.role,
    ...(signal === undefined ? {} : { signal }),
  });
  tellHost(host, invocation);
  return invocation.result;
}

function unavailable(toolName: string): ToolCallResult {
  const error = toolError(
    'not_found',
    `${toolName} is not available now: the page withdrew its tools (its document is not ready, or no one is signed in).`,
    [
      {
        message: 'No tools are offered at the moment.',
        hint: 'List the tools again, then call one of those.',
      },
    ],
  );
  return errorResult(error, true);
}

function tellHost(host: WebMcpHost, invocation: ToolInvocation): void {
  try {
    host.onInvocation?.(invocation);
  } catch (error) {
    reportHookError(error);
  }
}

/** A throwing hook must not turn an applied write into an error (the agent would retry it). */
function reportHookError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else console.error('webmcp-bridge: onInvocation threw', error);
}
