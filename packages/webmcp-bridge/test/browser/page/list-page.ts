/**
 * The page under test: an editor of a shopping list on a Y.Doc that is
 * loaded from a "server" document when the test says so (the provider's
 * sync), with the list catalog registered through the bridge. Tests drive
 * it through `window.testPage` with `Runtime.evaluate` (never Playwright's
 * `page.evaluate`, which would count as a user gesture).
 *
 * `?polyfill` asks for `@mcp-b/webmcp-polyfill` (with its testing API)
 * where the browser has no WebMCP.
 */
import { createWebMcpBridge, executeWebMcpTool, type WebMcpHost } from '@scorelane/webmcp-bridge';
import * as Y from 'yjs';
import { createListHost, LIST_TOOLS_NEEDING_A_GESTURE, listPipeline } from '../../list-catalog.ts';
import { pageModelContext } from './page-model-context.ts';

const found = await pageModelContext();

const list = createListHost();
const bridge = found.ok
  ? createWebMcpBridge(found.modelContext, { requireUserActivation: LIST_TOOLS_NEEDING_A_GESTURE })
  : undefined;

/** What the host would hold in its component state. */
let role: string | null = 'viewer';
let ready = false;
let renders = 0;
const callsSeenByRender: number[] = [];

/** One render of the host: a new pipeline and a new hook closure, as React would make. */
function render(): Promise<unknown> {
  const renderIndex = renders;
  renders += 1;
  callsSeenByRender[renderIndex] = 0;
  const host: WebMcpHost = {
    pipeline: listPipeline(list),
    role,
    ready,
    onInvocation: () => {
      callsSeenByRender[renderIndex] = (callsSeenByRender[renderIndex] ?? 0) + 1;
    },
  };
  return bridge?.update(host) ?? Promise.resolve();
}

/** The provider's first sync: the server's copy of the list arrives, then the document is ready. */
function syncFromServer(): Promise<unknown> {
  const server = new Y.Doc();
  server.getArray<string>('items').push(['Milk']);
  Y.applyUpdate(list.doc, Y.encodeStateAsUpdate(server));
  ready = true;
  return render();
}

const testPage = {
  status: () => document.querySelector('#webmcp-status')?.textContent,
  source: () => (found.ok ? found.source : null),
  syncFromServer,
  setRole: (next: string | null) => {
    role = next;
    return render();
  },
  rerender: render,
  renders: () => renders,
  callsSeenByRender: () => [...callsSeenByRender],
  items: () => list.items.toArray(),
  played: () => list.played,
  abandoned: () => list.abandoned,
  registeredTools: () => bridge?.registeredTools() ?? [],
  hasBeenActive: () => navigator.userActivation.hasBeenActive,
  callFromPage: async (name: string, args: Record<string, unknown>) =>
    found.ok ? executeWebMcpTool(found.modelContext, name, args) : null,
  dispose: () => bridge?.dispose(),
};

Object.assign(window, { testPage });
await render();
document.body.dataset.ready = 'true';
