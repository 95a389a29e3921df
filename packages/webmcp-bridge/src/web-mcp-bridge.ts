/**
 * The bridge: keeps the page's WebMCP tools in step with the host. On each
 * update it stores the host in a ref, works out which tools the host offers
 * now, and, only if that set changed, withdraws the old set (aborting its
 * signal) and registers the new one.
 */
import type { CatalogTool } from '@scorelane/tool-contracts';
import { type CallGate, callThroughPipeline } from './call-through-pipeline.ts';
import type { BrowserScope, WebMcpModelContext, WebMcpTool } from './model-context.ts';
import {
  type Registration,
  type RegistrationReport,
  registerToolSet,
  webMcpToolFor,
} from './registration.ts';
import { offeredTools, sameToolSet } from './tool-set.ts';
import { pageHasUserActivation, USER_ACTIVATION_NOTE } from './user-activation.ts';
import type { WebMcpHost } from './web-mcp-host.ts';

/**
 * Options of {@link createWebMcpBridge}.
 *
 * @example
 * ```ts
 * const options: WebMcpBridgeOptions = { requireUserActivation: ['play'] };
 * ```
 */
export interface WebMcpBridgeOptions {
  /**
   * Names of the catalog's tools that need a user gesture (they start audio,
   * go fullscreen, open a window...). Called before the page has had a click
   * or key press, they answer at once with a `permission_denied` refusal
   * that says so; their description says it too.
   */
  readonly requireUserActivation?: readonly string[];
  /** Whether the page has had a gesture; default `navigator.userActivation.hasBeenActive`. */
  readonly hasUserActivation?: () => boolean | undefined;
  /** The page's globals, for the default `hasUserActivation`; default `globalThis`. */
  readonly scope?: BrowserScope;
}

/**
 * A catalog kept registered with a page's WebMCP.
 *
 * @example
 * ```ts
 * const bridge: WebMcpBridge = createWebMcpBridge(found.modelContext);
 * ```
 */
export interface WebMcpBridge {
  /**
   * Takes the host's latest state. Calls reach it from now on. If the tools
   * it offers differ from those registered (its document became ready, its
   * role changed, it has no role), the registered set is withdrawn and the
   * new one registered; the promise settles when that registration has. A
   * host that calls this on every render re-registers nothing until its
   * tool set changes. Throws after {@link WebMcpBridge.dispose}.
   */
  update(host: WebMcpHost): Promise<RegistrationReport>;
  /** The names of the tools registered (or being registered) now. */
  registeredTools(): readonly string[];
  /** Withdraws every tool and forgets the host; the bridge cannot be used again. */
  dispose(): void;
}

const NOTHING_REGISTERED: Registration = {
  tools: [],
  settled: Promise.resolve({ registered: [], failed: [] }),
  withdraw: () => undefined,
};

/**
 * Creates a bridge that registers the host's tools with `modelContext`
 * (from {@link findModelContext} or {@link ensureModelContext}) once the
 * host says its document is ready. Each agent call goes through the host's
 * latest pipeline as its latest role, so the arguments are checked and the
 * errors read as they do over MCP.
 *
 * @example
 * ```ts
 * const bridge = createWebMcpBridge(found.modelContext, { requireUserActivation: ['play'] });
 * await bridge.update({ pipeline, role: 'viewer', ready: false }); // registers nothing yet
 * await bridge.update({ pipeline, role: 'viewer', ready: true }); // the viewer's tools
 * await bridge.update({ pipeline, role: 'editor', ready: true }); // withdrawn, then the editor's
 * bridge.dispose(); // all withdrawn
 * ```
 */
export function createWebMcpBridge(
  modelContext: WebMcpModelContext,
  options: WebMcpBridgeOptions = {},
): WebMcpBridge {
  const gate = callGate(options);
  let latestHost: WebMcpHost | undefined;
  let current = NOTHING_REGISTERED;
  let disposed = false;

  const toWebMcp = (tool: CatalogTool<unknown>): WebMcpTool =>
    webMcpToolFor(
      tool,
      (input, client) =>
        callThroughPipeline(() => latestHost, tool.name, input, gate, signalOf(client)),
      gate.needsUserActivation(tool.name) ? USER_ACTIVATION_NOTE : undefined,
    );

  return {
    update(host) {
      if (disposed) throw new TypeError('This WebMCP bridge was disposed; create a new one.');
      latestHost = host;
      const tools = offeredTools(host);
      if (sameToolSet(current.tools, tools)) return current.settled;
      current.withdraw();
      current =
        tools.length === 0 ? NOTHING_REGISTERED : registerToolSet(modelContext, tools, toWebMcp);
      return current.settled;
    },
    registeredTools: () => current.tools.map((tool) => tool.name),
    dispose() {
      disposed = true;
      current.withdraw();
      current = NOTHING_REGISTERED;
      latestHost = undefined;
    },
  };
}

function callGate(options: WebMcpBridgeOptions): CallGate {
  const needing = new Set(options.requireUserActivation ?? []);
  return {
    needsUserActivation: (name) => needing.has(name),
    hasUserActivation: options.hasUserActivation ?? (() => pageHasUserActivation(options.scope)),
  };
}

/** Chromium passes a client whose `signal` aborts when the agent cancels the call; the polyfill passes none. */
function signalOf(client: unknown): AbortSignal | undefined {
  const signal = (client as { signal?: unknown } | undefined)?.signal;
  return typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal ? signal : undefined;
}
