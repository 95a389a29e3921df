/**
 * One registered tool set: every tool registered with one AbortSignal, so
 * that aborting it withdraws the whole set at once.
 */
import { type CatalogTool, toolManifestEntry, toWebMcpTool } from '@scorelane/tool-contracts';
import type { WebMcpModelContext, WebMcpTool } from './model-context.ts';

/**
 * What one registration came to once every `registerTool` settled:
 * `registered` the tools still registered, `failed` those the browser
 * refused (a name already taken by other code on the page, a security
 * rule), each with the browser's message. Tools withdrawn before they
 * settled are in neither list.
 *
 * @example
 * ```ts
 * const report: RegistrationReport = await bridge.update(host);
 * for (const failure of report.failed) console.warn(failure.name, failure.message);
 * ```
 */
export interface RegistrationReport {
  readonly registered: readonly string[];
  readonly failed: readonly { readonly name: string; readonly message: string }[];
}

/**
 * A tool set registered under one signal.
 *
 * @example
 * ```ts
 * const registration = registerToolSet(modelContext, tools, toWebMcp);
 * registration.withdraw();
 * ```
 */
export interface Registration {
  readonly tools: readonly CatalogTool<unknown>[];
  /** Settles when every `registerTool` has. */
  readonly settled: Promise<RegistrationReport>;
  /** Aborts the signal: the browser unregisters every tool of the set. */
  withdraw(): void;
}

/** Builds the WebMCP tool for a catalog tool: descriptor plus `execute`. */
export type ToWebMcpTool = (tool: CatalogTool<unknown>) => WebMcpTool;

/**
 * Registers `tools` with one new AbortSignal. Registration failures are
 * reported in `settled`, never thrown; a rejection caused by the set's own
 * withdrawal is not a failure.
 *
 * @example
 * ```ts
 * const report = await registerToolSet(modelContext, pipeline.list('viewer'), toWebMcp).settled;
 * ```
 */
export function registerToolSet(
  modelContext: WebMcpModelContext,
  tools: readonly CatalogTool<unknown>[],
  toWebMcp: ToWebMcpTool,
): Registration {
  const controller = new AbortController();
  const outcomes = tools.map((tool) =>
    registerOne(modelContext, toWebMcp(tool), controller.signal),
  );
  const settled = Promise.all(outcomes).then((results) =>
    reportOf(tools, results, controller.signal),
  );
  return { tools, settled, withdraw: () => controller.abort() };
}

/**
 * A catalog tool as WebMCP takes it, with `execute` and an optional note
 * appended to its description.
 *
 * @example
 * ```ts
 * webMcpToolFor(tool, (input) => call(tool.name, input));
 * ```
 */
export function webMcpToolFor(
  tool: CatalogTool<unknown>,
  execute: WebMcpTool['execute'],
  note?: string,
): WebMcpTool {
  const descriptor = toWebMcpTool(toolManifestEntry(tool));
  const description =
    note === undefined ? descriptor.description : `${descriptor.description}\n\n${note}`;
  return { ...descriptor, description, execute };
}

type Outcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

async function registerOne(
  modelContext: WebMcpModelContext,
  tool: WebMcpTool,
  signal: AbortSignal,
): Promise<Outcome> {
  try {
    await modelContext.registerTool(tool, { signal });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: describeError(error) };
  }
}

function reportOf(
  tools: readonly CatalogTool<unknown>[],
  outcomes: readonly Outcome[],
  signal: AbortSignal,
): RegistrationReport {
  if (signal.aborted) return { registered: [], failed: [] };
  const registered: string[] = [];
  const failed: { name: string; message: string }[] = [];
  outcomes.forEach((outcome, index) => {
    const name = tools[index]?.name ?? '';
    if (outcome.ok) registered.push(name);
    else failed.push({ name, message: outcome.message });
  });
  return { registered, failed };
}

/** `SecurityError: ...`; a DOMException is not an Error in every browser, so read its fields. */
function describeError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (typeof name !== 'string') return String(error);
  return typeof message === 'string' && message !== '' ? `${name}: ${message}` : name;
}
