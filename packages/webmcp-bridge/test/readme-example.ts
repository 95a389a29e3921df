import {
  createToolPipeline,
  defineCatalog,
  defineTool,
  type ToolRunCall,
  toolOk,
} from '@scorelane/tool-contracts';
import {
  createWebMcpBridge,
  findModelContext,
  type WebMcpModelContext,
  type WebMcpTool,
} from '@scorelane/webmcp-bridge';
import * as z from 'zod';

// The host: a counter, and a bell that needs a user gesture to ring.
const counter = { count: 0 };
type Counter = typeof counter;
const catalog = defineCatalog<Counter>([
  defineTool({
    name: 'get_count',
    title: 'Get count',
    description: 'Returns the count.',
    input: z.object({}),
    output: z.object({ count: z.number().int() }),
    permission: 'read',
    run: (_args, { context }: ToolRunCall<Counter>) => toolOk({ count: context.count }),
  }),
  defineTool({
    name: 'increment',
    title: 'Increment',
    description: 'Adds `by` to the count.',
    input: z.object({ by: z.number().int().min(1) }),
    output: z.object({ count: z.number().int() }),
    permission: 'write',
    run: (args, { context }: ToolRunCall<Counter>) => {
      context.count += args.by;
      return toolOk({ count: context.count });
    },
  }),
  defineTool({
    name: 'ring_bell',
    title: 'Ring bell',
    description: 'Rings a bell (Web Audio).',
    input: z.object({}),
    output: z.object({ rang: z.boolean() }),
    permission: 'read',
    run: () => toolOk({ rang: true }),
  }),
]);

// In a page: const found = await ensureModelContext({ polyfill: () => import('@mcp-b/webmcp-polyfill') });
console.log(findModelContext().ok); // false here: Node has no document.modelContext
// So this example stands in for the browser: it keeps what registerTool is given until the signal aborts.
const registered = new Map<string, WebMcpTool>();
const modelContext: WebMcpModelContext = {
  async registerTool(tool, options) {
    registered.set(tool.name, tool);
    options?.signal?.addEventListener('abort', () => registered.delete(tool.name));
  },
};
const userActivation = { hasBeenActive: false }; // navigator.userActivation in a page

const bridge = createWebMcpBridge(modelContext, {
  requireUserActivation: ['ring_bell'],
  scope: { navigator: { userActivation } },
});
const pipeline = createToolPipeline({ catalog, context: counter });

// On every render or change the host hands the bridge its latest state.
await bridge.update({ pipeline, role: 'viewer', ready: false }); // document still syncing
console.log([...registered.keys()]);
// []
await bridge.update({ pipeline, role: 'viewer', ready: true });
console.log([...registered.keys()]);
// [ 'get_count', 'ring_bell' ]
await bridge.update({ pipeline, role: 'editor', ready: true }); // withdraws the viewer's, registers the editor's
console.log([...registered.keys()]);
// [ 'get_count', 'increment', 'ring_bell' ]

// What the browser does when an agent calls a tool:
const call = (name: string, input: unknown) => registered.get(name)?.execute(input);
console.log((await call('increment', { by: 2 }))?.structuredContent);
// { count: 2 }
console.log((await call('increment', { by: 'two' }))?.content[0]?.text);
// Nothing was changed.
// 1 problem with the arguments of increment.
// - by: Expected number, received "two".
console.log((await call('ring_bell', {}))?.content[0]?.text.split('\n')[1]);
// ring_bell needs a user gesture, and this page has had none yet: ...
userActivation.hasBeenActive = true; // the person clicked the page
console.log((await call('ring_bell', {}))?.structuredContent);
// { rang: true }

bridge.dispose(); // on unmount: every tool withdrawn
console.log(registered.size);
// 0
