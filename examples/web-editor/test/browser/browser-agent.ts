/**
 * A browser agent for the tests: Debian's Chromium with native WebMCP
 * (`--enable-features=WebMCP`) launched by playwright-core with a fresh
 * profile, and a DevTools protocol session on the page through which tools
 * are called as a browser agent calls them (`WebMCP.invokeTool`). The same
 * approach as `@scorelane/webmcp-bridge`'s browser tests, cut to what the
 * editor's tests need.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CDPSession, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); `CHROMIUM_PATH` points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The result a tool call answered with, as the agent receives it. */
export interface CallResult {
  readonly content: readonly { readonly type: string; readonly text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError: boolean;
}

/** The editor open in Chromium, with an agent on its WebMCP tools. */
export interface EditorSession {
  readonly page: Page;
  /** Evaluates `expression` in the page without a user gesture. */
  evaluate<T>(expression: string): Promise<T>;
  /** The names of the tools the page registered, sorted. */
  toolNames(): string[];
  /** Calls a tool through `WebMCP.invokeTool` and waits for its `toolResponded`. */
  call(name: string, input: Record<string, unknown>): Promise<CallResult>;
  close(): Promise<void>;
}

/** Options of {@link openEditor}. */
export interface OpenOptions {
  /** The expression awaited before the session is returned; default: the editor says it is ready. */
  readonly until?: string;
  /** The window's size; default 1400x900. */
  readonly viewport?: { readonly width: number; readonly height: number };
  /** A script run in the page before its own (a long-task observer, say). */
  readonly initScript?: string;
}

/** Opens `url` and waits until the editor says it is ready (`body[data-ready]`), or `options.until`. */
export async function openEditor(url: string, options: OpenOptions = {}): Promise<EditorSession> {
  const until = options.until ?? 'document.body.dataset.ready === "true"';
  const profile = mkdtempSync(join(tmpdir(), 'web-editor-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: options.viewport ?? { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      // This machine reaches no network but the registries: Chromium's own
      // background connections would be refused at every start.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--enable-features=WebMCP',
    ],
  });
  try {
    if (options.initScript !== undefined) await context.addInitScript(options.initScript);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const tools = new Set<string>();
    const responses = new Map<string, (output: unknown) => void>();
    const early = new Map<string, unknown>();
    cdp.on('WebMCP.toolsAdded', (event) => {
      for (const tool of event.tools) tools.add(tool.name);
    });
    cdp.on('WebMCP.toolsRemoved', (event) => {
      for (const tool of event.tools) tools.delete(tool.name);
    });
    cdp.on('WebMCP.toolResponded', (event) => {
      const waiting = responses.get(event.invocationId);
      if (waiting === undefined) early.set(event.invocationId, event);
      else waiting(event);
    });
    await page.goto(url);
    const evaluate = <T>(expression: string) => evaluateWithoutGesture<T>(cdp, expression);
    while (!(await evaluate<boolean>(until))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cdp.send('WebMCP.enable');
    const { frameTree } = await cdp.send('Page.getFrameTree');
    return {
      page,
      evaluate,
      toolNames: () => [...tools].sort(),
      call: (name, input) => invoke(cdp, { responses, early }, frameTree.frame.id, name, input),
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** `toolResponded` events: awaited ones, and those that came before their call was awaited. */
interface Responses {
  readonly responses: Map<string, (output: unknown) => void>;
  readonly early: Map<string, unknown>;
}

async function invoke(
  cdp: CDPSession,
  { responses, early }: Responses,
  frameId: string,
  name: string,
  input: Record<string, unknown>,
): Promise<CallResult> {
  // playwright-core types `input` as string-valued; the protocol takes any JSON object.
  const { invocationId } = await cdp.send('WebMCP.invokeTool', {
    frameId,
    toolName: name,
    input: input as Record<string, string>,
  });
  const response = (early.get(invocationId) ??
    (await new Promise<unknown>((resolve) => responses.set(invocationId, resolve)))) as {
    status: string;
    output?: unknown;
    errorText?: string;
  };
  if (response.status !== 'Completed') {
    throw new Error(`${name} ended ${response.status}: ${response.errorText ?? ''}`);
  }
  return response.output as CallResult;
}

async function evaluateWithoutGesture<T>(cdp: CDPSession, expression: string): Promise<T> {
  const answer = await cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
    userGesture: false,
  });
  if (answer.exceptionDetails !== undefined) {
    throw new Error(`The page threw: ${answer.exceptionDetails.exception?.description}`);
  }
  return answer.result.value as T;
}
