/**
 * A test double of `document.modelContext` that follows the WebMCP draft's
 * registerTool steps (a name registered twice is refused; aborting the
 * signal unregisters the tool and rejects a pending registration; the
 * promise resolves in a later task) and records what an agent would see:
 * every tool added and removed, in order. `call` runs a tool as an agent
 * does. `flavour` picks how `executeTool` takes arguments: `native`
 * (an object; the method is a bound function, so it reads as native code)
 * or `polyfill` (a JSON string).
 */
import type {
  RegisteredWebMcpTool,
  WebMcpModelContext,
  WebMcpRegisterOptions,
  WebMcpTool,
} from '../src/index.ts';

/** One thing an agent was told: a tool added or removed. */
export type FakeToolEvent = { readonly kind: 'added' | 'removed'; readonly name: string };

/** The test double, with what it recorded. */
export interface FakeModelContext extends WebMcpModelContext {
  /** Registered tools by name. */
  readonly tools: Map<string, WebMcpTool>;
  /** What an agent was told, in order. */
  readonly events: FakeToolEvent[];
  /** Every registerTool call, by name. */
  readonly registrations: string[];
  /** Calls a registered tool as an agent does (throws if it is not registered). */
  call(name: string, input?: unknown): ReturnType<WebMcpTool['execute']>;
  /** Registered names, sorted. */
  names(): string[];
}

/** A fresh fake model context; `flavour` says how its `executeTool` takes arguments. */
export function createFakeModelContext(
  flavour: 'native' | 'polyfill' = 'native',
): FakeModelContext {
  const tools = new Map<string, WebMcpTool>();
  const events: FakeToolEvent[] = [];
  const registrations: string[] = [];

  function unregister(name: string, tool: WebMcpTool): void {
    if (tools.get(name) !== tool) return;
    tools.delete(name);
    events.push({ kind: 'removed', name });
  }

  async function registerTool(
    tool: WebMcpTool,
    options: WebMcpRegisterOptions = {},
  ): Promise<void> {
    registrations.push(tool.name);
    const { signal } = options;
    if (tools.has(tool.name))
      throw new DOMException(`Tool ${tool.name} is registered already`, 'InvalidStateError');
    if (signal?.aborted) throw signal.reason;
    tools.set(tool.name, tool);
    events.push({ kind: 'added', name: tool.name });
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => {
        unregister(tool.name, tool);
        reject(signal.reason);
      });
    });
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 0)), aborted]);
  }

  async function getTools(): Promise<readonly RegisteredWebMcpTool[]> {
    return [...tools.values()].map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
    }));
  }

  async function executeTool(tool: RegisteredWebMcpTool, input: unknown): Promise<string | null> {
    const registered = tools.get(tool.name);
    if (registered === undefined)
      throw new DOMException(`Tool not found: ${tool.name}`, 'UnknownError');
    if (flavour === 'native' && (typeof input !== 'object' || input === null)) {
      throw new TypeError(
        "Failed to execute 'executeTool': invalid input object: value is not an object",
      );
    }
    if (flavour === 'polyfill' && typeof input !== 'string') {
      throw new DOMException('Failed to parse input arguments', 'UnknownError');
    }
    const args = flavour === 'polyfill' ? JSON.parse(input as string) : input;
    return JSON.stringify(await registered.execute(args));
  }

  return {
    tools,
    events,
    registrations,
    registerTool,
    getTools,
    executeTool: flavour === 'native' ? executeTool.bind(undefined) : executeTool,
    call(name, input = {}) {
      const tool = tools.get(name);
      if (tool === undefined) throw new Error(`fake model context: ${name} is not registered`);
      return tool.execute(input, {});
    },
    names: () => [...tools.keys()].sort(),
  };
}
