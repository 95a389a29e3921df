/**
 * What both test pages do first: find WebMCP (asking for the polyfill, with
 * its testing API, when the URL has `?polyfill`) and show in the page what
 * was found, or why there is none.
 */
import { ensureModelContext, type ModelContextLookup } from '@scorelane/webmcp-bridge';

/** Finds WebMCP as the page's URL asks, and writes what was found into `#webmcp-status`. */
export async function pageModelContext(): Promise<ModelContextLookup> {
  const wantsPolyfill = new URLSearchParams(location.search).has('polyfill');
  const found = await ensureModelContext(
    wantsPolyfill
      ? { polyfill: () => import('@mcp-b/webmcp-polyfill'), installTestingShim: true }
      : {},
  );
  const status = document.querySelector('#webmcp-status') as HTMLElement;
  status.textContent = found.ok ? `WebMCP from ${found.source}` : found.message;
  return found;
}
