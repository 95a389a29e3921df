/**
 * The part of the WebMCP API (the W3C Web Machine Learning Community Group's
 * draft, `document.modelContext`) that the bridge uses, typed structurally so
 * that native Chromium, `@mcp-b/webmcp-polyfill` and a test double all fit.
 */
import type { ToolCallResult, WebMcpToolDescriptor } from '@scorelane/tool-contracts';

/**
 * A tool as `registerTool` takes it: the descriptor tool-contracts renders
 * (name, title, description, JSON Schema input, annotations with
 * `readOnlyHint`) plus the `execute` callback an agent's call reaches.
 *
 * @example
 * ```ts
 * const tool: WebMcpTool = { ...toWebMcpTool(entry), execute: async (input) => handle(input) };
 * ```
 */
export interface WebMcpTool extends WebMcpToolDescriptor {
  /** Called with the agent's arguments (an object natively; the polyfill parses its JSON first) and, natively, a client object. */
  readonly execute: (input: unknown, client?: unknown) => Promise<ToolCallResult>;
}

/**
 * The options of `registerTool`: the tool stays registered until `signal`
 * is aborted (WebMCP has no `unregisterTool`).
 *
 * @example
 * ```ts
 * const options: WebMcpRegisterOptions = { signal: new AbortController().signal };
 * ```
 */
export interface WebMcpRegisterOptions {
  readonly signal?: AbortSignal;
}

/**
 * A tool as `getTools()` lists it (Chromium's extension, also in the
 * polyfill). Chromium 154 and later give `inputSchema` as an object; earlier
 * previews gave it as a JSON string.
 *
 * @example
 * ```ts
 * const [first]: readonly RegisteredWebMcpTool[] = await modelContext.getTools?.() ?? [];
 * ```
 */
export interface RegisteredWebMcpTool {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema?: unknown;
  readonly annotations?: { readonly readOnlyHint?: boolean };
}

/**
 * `document.modelContext`: native, polyfilled, or a test double.
 * `getTools` and `executeTool` are Chromium's consumer extension (for
 * in-page agents and test harnesses); feature-detect them. Natively
 * `executeTool` takes the arguments as an object; the polyfill takes them
 * as a JSON string. Both resolve to the result serialized as JSON.
 *
 * @example
 * ```ts
 * const modelContext = document.modelContext as unknown as WebMcpModelContext;
 * await modelContext.registerTool(tool, { signal });
 * ```
 */
export interface WebMcpModelContext {
  registerTool(tool: WebMcpTool, options?: WebMcpRegisterOptions): Promise<void>;
  getTools?(): Promise<readonly RegisteredWebMcpTool[]>;
  executeTool?(
    tool: RegisteredWebMcpTool,
    input: unknown,
    options?: { readonly signal?: AbortSignal },
  ): Promise<string | null>;
}

/**
 * The globals the bridge reads: `globalThis` in a page. Tests pass a plain
 * object instead.
 *
 * @example
 * ```ts
 * const page = globalThis as BrowserScope;
 * page.navigator?.userActivation?.hasBeenActive; // true after the first click or key press
 * ```
 */
export interface BrowserScope {
  readonly document?: { readonly modelContext?: unknown };
  readonly navigator?: {
    readonly modelContext?: unknown;
    readonly userActivation?: { readonly hasBeenActive: boolean };
  };
  readonly isSecureContext?: boolean;
}
