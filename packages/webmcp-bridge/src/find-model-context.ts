/**
 * Finding the page's WebMCP: `document.modelContext` (the current draft),
 * then `navigator.modelContext` (earlier drafts and previews), and, where
 * there is neither, a value that says why and what to do.
 */
import type { BrowserScope, WebMcpModelContext } from './model-context.ts';

/**
 * Where the model context was found. `polyfill` is set by
 * {@link ensureModelContext} when it installed `@mcp-b/webmcp-polyfill`.
 *
 * @example
 * ```ts
 * const source: ModelContextSource = 'document';
 * ```
 */
export type ModelContextSource = 'document' | 'navigator' | 'polyfill';

/**
 * The outcome of looking for WebMCP: the model context and where it was, or
 * why there is none (`insecure_context`: WebMCP exists only in secure
 * contexts; `absent`: this browser has no WebMCP and no polyfill is installed;
 * `polyfill_failed`: the host asked for the polyfill and it could not be
 * installed) with a message that says what to do.
 *
 * @example
 * ```ts
 * const found: ModelContextLookup = findModelContext();
 * if (!found.ok) console.info(found.message);
 * ```
 */
export type ModelContextLookup =
  | {
      readonly ok: true;
      readonly modelContext: WebMcpModelContext;
      readonly source: ModelContextSource;
    }
  | {
      readonly ok: false;
      readonly reason: 'insecure_context' | 'absent' | 'polyfill_failed';
      readonly message: string;
    };

const INSECURE_CONTEXT =
  'This page has no WebMCP: it is not a secure context. Serve it over https, or from localhost or 127.0.0.1.';

const ABSENT =
  'This browser has no WebMCP (neither document.modelContext nor navigator.modelContext). ' +
  'Start Chromium with --enable-features=WebMCP, or pass the polyfill: ' +
  "ensureModelContext({ polyfill: () => import('@mcp-b/webmcp-polyfill') }).";

/**
 * Looks for WebMCP in `scope` (default `globalThis`): `document.modelContext`
 * first, then the older `navigator.modelContext`. Never throws; where there
 * is none, the value says why.
 *
 * @example
 * ```ts
 * const found = findModelContext();
 * if (found.ok) createWebMcpBridge(found.modelContext);
 * else console.info(found.message); // 'This browser has no WebMCP (...)'
 * ```
 */
export function findModelContext(
  scope: BrowserScope = globalThis as BrowserScope,
): ModelContextLookup {
  const onDocument = scope.document?.modelContext;
  if (isModelContext(onDocument)) return { ok: true, modelContext: onDocument, source: 'document' };
  const onNavigator = scope.navigator?.modelContext;
  if (isModelContext(onNavigator)) {
    return { ok: true, modelContext: onNavigator, source: 'navigator' };
  }
  if (scope.isSecureContext === false) {
    return { ok: false, reason: 'insecure_context', message: INSECURE_CONTEXT };
  }
  return { ok: false, reason: 'absent', message: ABSENT };
}

/**
 * Whether `value` has the one method the bridge needs, `registerTool`.
 *
 * @example
 * ```ts
 * isModelContext(document.modelContext); // true where WebMCP is on
 * ```
 */
export function isModelContext(value: unknown): value is WebMcpModelContext {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { registerTool?: unknown }).registerTool === 'function'
  );
}
