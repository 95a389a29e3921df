/**
 * The host's choice to fall back on `@mcp-b/webmcp-polyfill` where the
 * browser has no WebMCP. The host passes the module (or a loader for it), so
 * the bridge neither depends on the polyfill nor makes a bundler look for it.
 */
import { findModelContext, type ModelContextLookup } from './find-model-context.ts';
import type { BrowserScope } from './model-context.ts';

/**
 * What the bridge needs of `@mcp-b/webmcp-polyfill` (5.1.x).
 *
 * @example
 * ```ts
 * import * as polyfill from '@mcp-b/webmcp-polyfill';
 * const module: WebMcpPolyfill = polyfill;
 * ```
 */
export interface WebMcpPolyfill {
  initializeWebMCPPolyfill(options?: { installTestingShim?: boolean }): void;
}

/**
 * Options of {@link ensureModelContext}.
 *
 * @example
 * ```ts
 * const options: EnsureModelContextOptions = {
 *   polyfill: () => import('@mcp-b/webmcp-polyfill'),
 *   installTestingShim: true,
 * };
 * ```
 */
export interface EnsureModelContextOptions {
  /** The polyfill module, or a function that loads it; left out, no polyfill is installed. */
  readonly polyfill?: WebMcpPolyfill | (() => Promise<WebMcpPolyfill>);
  /**
   * Also install the polyfill's testing API, `navigator.modelContextTesting`
   * (`executeTool(name, json)`), for a test harness. Default false.
   */
  readonly installTestingShim?: boolean;
  /** The page's globals; default `globalThis`. */
  readonly scope?: BrowserScope;
}

/**
 * Finds the page's WebMCP and, only where there is none and the host passed
 * the polyfill, installs `@mcp-b/webmcp-polyfill` and finds it again. A
 * native `document.modelContext` is never replaced. Never throws: a polyfill
 * that fails to load or install gives `polyfill_failed` with the reason.
 *
 * @example
 * ```ts
 * const found = await ensureModelContext({ polyfill: () => import('@mcp-b/webmcp-polyfill') });
 * if (found.ok) console.log(found.source); // 'document' natively, 'polyfill' elsewhere
 * ```
 */
export async function ensureModelContext(
  options: EnsureModelContextOptions = {},
): Promise<ModelContextLookup> {
  const scope = options.scope ?? (globalThis as BrowserScope);
  const found = findModelContext(scope);
  if (found.ok || found.reason !== 'absent' || options.polyfill === undefined) return found;
  try {
    const polyfill = await loadPolyfill(options.polyfill);
    polyfill.initializeWebMCPPolyfill({ installTestingShim: options.installTestingShim === true });
  } catch (cause) {
    return polyfillFailed(`it could not be installed: ${String(cause)}`);
  }
  const installed = findModelContext(scope);
  if (!installed.ok) return polyfillFailed('it installed no document.modelContext');
  return { ...installed, source: 'polyfill' };
}

async function loadPolyfill(
  polyfill: WebMcpPolyfill | (() => Promise<WebMcpPolyfill>),
): Promise<WebMcpPolyfill> {
  return typeof polyfill === 'function' ? await polyfill() : polyfill;
}

function polyfillFailed(why: string): ModelContextLookup {
  return {
    ok: false,
    reason: 'polyfill_failed',
    message: `This browser has no WebMCP, and the @mcp-b/webmcp-polyfill the page asked for did not help: ${why}.`,
  };
}
