/**
 * A browser agent for the tests: Debian's Chromium launched by
 * playwright-core with a fresh profile, the page under test opened, and a
 * DevTools protocol session through which tools are listed and called as a
 * browser agent does (the `WebMCP` domain), and through which the page is
 * driven without a user gesture (`Runtime.evaluate` with `userGesture: false`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); `CHROMIUM_PATH` points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** What the `WebMCP` domain told the agent, in order. */
export type WebMcpEvent =
  | { readonly kind: 'added'; readonly tools: readonly AddedTool[] }
  | { readonly kind: 'removed'; readonly names: readonly string[] };

/** A tool as `toolsAdded` describes it. */
export interface AddedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: Record<string, unknown>;
  readonly annotations?: { readonly readOnly?: boolean };
}

/** The result a tool call answered with, as the agent receives it. */
export interface CallResult {
  readonly content: readonly { readonly type: string; readonly text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError: boolean;
}

/** An open page in a Chromium of its own, with a DevTools session on it. */
export interface BrowserSession {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** Evaluates `expression` in the page without a user gesture, awaiting a promise, returning its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Opens `url` in the same tab and waits until its script has run. */
  goto(url: string): Promise<void>;
  close(): Promise<void>;
}

/** Launches Chromium (with native WebMCP or without it) and opens `url` once its script has run. */
export async function openPage(
  url: string,
  options: { readonly nativeWebMcp: boolean },
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'webmcp-bridge-chromium-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, ...(options.nativeWebMcp ? ['--enable-features=WebMCP'] : [])],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const goto = async (next: string) => {
      await page.goto(next);
      // Not page.waitForSelector: Playwright's own evaluations count as a user gesture.
      await waitUntilTrue(cdp, 'document.body?.dataset.ready === "true"');
    };
    await goto(url);
    const opened = context;
    return {
      page,
      cdp,
      goto,
      evaluate: (expression) => evaluateWithoutGesture(cdp, expression),
      close: async () => {
        await opened.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

async function evaluateWithoutGesture<T>(cdp: CDPSession, expression: string): Promise<T> {
  const answer = await cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
    userGesture: false,
  });
  if (answer.exceptionDetails !== undefined) {
    throw new Error(
      `The page threw: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`,
    );
  }
  return answer.result.value as T;
}

async function waitUntilTrue(cdp: CDPSession, expression: string): Promise<void> {
  while (!(await evaluateWithoutGesture<boolean>(cdp, expression))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A browser agent on the DevTools protocol's `WebMCP` domain. */
export interface WebMcpAgent {
  /** Everything `toolsAdded` and `toolsRemoved` said since `WebMCP.enable`. */
  readonly events: WebMcpEvent[];
  /** The tools registered now, by name, from the events. */
  tools(): Map<string, AddedTool>;
  /** Waits until the registered tools are exactly `names` (any order). */
  waitForTools(names: readonly string[]): Promise<void>;
  /** Calls a tool with `WebMCP.invokeTool` and waits for its `toolResponded`. */
  call(name: string, input?: Record<string, unknown>): Promise<CallResult>;
  /** Starts a call without waiting: its invocation id, and its `toolResponded` to come. */
  start(name: string, input?: Record<string, unknown>): Promise<StartedCall>;
  /** Cancels a started call with `WebMCP.cancelInvocation`. */
  cancel(invocationId: string): Promise<void>;
}

/** How `toolResponded` ended a call. */
export interface ToolResponse {
  readonly status: string;
  readonly output?: unknown;
  readonly errorText?: string;
}

/** A call started with {@link WebMcpAgent.start}. */
export interface StartedCall {
  readonly invocationId: string;
  readonly response: Promise<ToolResponse>;
}

/** Enables the `WebMCP` domain on the page's main frame. */
export async function connectAgent(session: BrowserSession): Promise<WebMcpAgent> {
  const { cdp } = session;
  const events: WebMcpEvent[] = [];
  const responses = new Map<string, (response: ToolResponse) => void>();
  const early = new Map<string, ToolResponse>();
  const changed = new Set<() => void>();
  cdp.on('WebMCP.toolsAdded', ({ tools }) => {
    events.push({ kind: 'added', tools: tools as readonly AddedTool[] });
    for (const listener of changed) listener();
  });
  cdp.on('WebMCP.toolsRemoved', ({ tools }) => {
    events.push({ kind: 'removed', names: tools.map((tool) => tool.name) });
    for (const listener of changed) listener();
  });
  cdp.on('WebMCP.toolResponded', (response) => {
    const waiting = responses.get(response.invocationId);
    if (waiting === undefined) early.set(response.invocationId, response);
    else waiting(response);
  });
  await cdp.send('WebMCP.enable');
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const frameId = frameTree.frame.id;

  const tools = () => toolsFrom(events);
  const start = async (name: string, input: Record<string, unknown> = {}): Promise<StartedCall> => {
    // playwright-core types `input` as string-valued; the protocol takes any JSON object.
    const { invocationId } = await cdp.send('WebMCP.invokeTool', {
      frameId,
      toolName: name,
      input: input as Record<string, string>,
    });
    const response =
      early.get(invocationId) ??
      new Promise<ToolResponse>((resolve) => responses.set(invocationId, resolve));
    return { invocationId, response: Promise.resolve(response) };
  };
  return {
    events,
    tools,
    waitForTools: (names) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (sameNames([...tools().keys()], names)) {
            changed.delete(check);
            resolve();
          }
        };
        changed.add(check);
        check();
      }),
    start,
    async call(name, input = {}) {
      const response = await (await start(name, input)).response;
      if (response.status !== 'Completed') {
        throw new Error(`${name} ended ${response.status}: ${response.errorText ?? ''}`);
      }
      return response.output as CallResult;
    },
    async cancel(invocationId) {
      await cdp.send('WebMCP.cancelInvocation', { invocationId });
    },
  };
}

function toolsFrom(events: readonly WebMcpEvent[]): Map<string, AddedTool> {
  const tools = new Map<string, AddedTool>();
  for (const event of events) {
    if (event.kind === 'added') for (const tool of event.tools) tools.set(tool.name, tool);
    else for (const name of event.names) tools.delete(name);
  }
  return tools;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/**
 * A test harness's calls through the polyfill's testing API,
 * `navigator.modelContextTesting.executeTool(name, json)`: the arguments go
 * as a JSON string, the answer comes back as JSON; evaluated without a gesture.
 */
export function polyfillCaller(session: BrowserSession) {
  return async (name: string, args: Record<string, unknown> = {}): Promise<CallResult> => {
    const json = JSON.stringify(JSON.stringify(args));
    const answer = await session.evaluate<string>(
      `navigator.modelContextTesting.executeTool(${JSON.stringify(name)}, ${json})`,
    );
    return JSON.parse(answer) as CallResult;
  };
}

/** The names the polyfill's testing API lists, sorted. */
export async function polyfillToolNames(session: BrowserSession): Promise<string[]> {
  const names = await session.evaluate<string[]>(
    'navigator.modelContextTesting.listTools().map((tool) => tool.name)',
  );
  return names.sort();
}

/** The text of a result's first content block. */
export function textOf(result: CallResult): string {
  return result.content[0]?.text ?? '';
}
