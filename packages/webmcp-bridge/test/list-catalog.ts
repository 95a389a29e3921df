/**
 * A small generic catalog for the bridge's tests: a shopping list on a real
 * Y.Doc, written through `@scorelane/undo` so that each call is one undo
 * step. It has a read, a write that can be refused, an undo, and a `play`
 * that needs a user gesture in the browser (it "reads the list aloud").
 */
import {
  createToolPipeline,
  defineCatalog,
  defineTool,
  type ToolCatalog,
  type ToolPipeline,
  type ToolRunCall,
  toolError,
  toolFail,
  toolOk,
  writeFields,
} from '@scorelane/tool-contracts';
import { createUndoController, type UndoController } from '@scorelane/undo';
import * as Y from 'yjs';
import * as z from 'zod';

/** The host a list tool runs against: the document, its undo controller and what plays. */
export interface ListHost {
  readonly doc: Y.Doc;
  readonly items: Y.Array<string>;
  readonly undo: UndoController<null>;
  readonly played: string[][];
  /** The counts of the `wait_for_items` calls whose caller gave up (their signal aborted). */
  readonly abandoned: number[];
  revision(): string;
}

/** A list host over a new Y.Doc holding `initial`. */
export function createListHost(initial: readonly string[] = []): ListHost {
  const doc = new Y.Doc();
  const items = doc.getArray<string>('items');
  items.push([...initial]);
  const undo = createUndoController<null>(doc, { captureTimeout: 0 });
  let version = 0;
  doc.on('update', () => {
    version += 1;
  });
  return { doc, items, undo, played: [], abandoned: [], revision: () => `r${version}` };
}

const listItems = defineTool({
  name: 'list_items',
  title: 'List items',
  description: 'Returns every item of the shopping list, in order.',
  input: z.object({}),
  output: z.object({ items: z.array(z.string()), revision: z.string() }),
  permission: 'read',
  run: (_args, { context }: ToolRunCall<ListHost>) =>
    toolOk({ items: context.items.toArray(), revision: context.revision() }),
});

const addItems = defineTool({
  name: 'add_items',
  title: 'Add items',
  description:
    'Adds items to the end of the shopping list, as one undo step. An item already on the list is refused, and then nothing is added.',
  input: z.object({
    titles: z.array(z.string().min(1)).min(1).describe('What to buy.'),
    ...writeFields,
  }),
  output: z.object({ items: z.array(z.string()), revision: z.string() }),
  permission: 'write',
  annotations: { destructive: false },
  examples: [{ titles: ['Milk', 'Tea'] }],
  run: (args, { context, call_id }: ToolRunCall<ListHost>) => {
    const present = new Set(context.items.toArray());
    const repeated = args.titles.filter((title) => present.has(title));
    if (repeated.length > 0) {
      return toolFail(
        toolError(
          'nothing_changed',
          'Some items are on the list already.',
          repeated.map((title) => ({
            path: `titles[${args.titles.indexOf(title)}]`,
            message: `${JSON.stringify(title)} is on the list already.`,
            hint: 'Leave it out, or call list_items to see the list.',
          })),
        ),
      );
    }
    if (args.dry_run !== true) {
      context.undo.runAsStep({ actor: 'agent', toolCallId: call_id, label: 'Add items' }, () => {
        for (const title of args.titles) context.items.push([title]);
      });
    }
    return toolOk({ items: context.items.toArray(), revision: context.revision() }, args.titles);
  },
});

const undoTool = defineTool({
  name: 'undo',
  title: 'Undo',
  description: 'Undoes the last change, as one step.',
  input: z.object({}),
  output: z.object({ items: z.array(z.string()), revision: z.string() }),
  permission: 'write',
  run: (_args, { context }: ToolRunCall<ListHost>) => {
    const undone = context.undo.undo();
    if (!undone.ok) return toolFail(toolError('nothing_changed', undone.message));
    return toolOk({ items: context.items.toArray(), revision: context.revision() });
  },
});

const play = defineTool({
  name: 'play',
  title: 'Read aloud',
  description: 'Reads the shopping list aloud.',
  input: z.object({}),
  output: z.object({ playing: z.array(z.string()) }),
  permission: 'read',
  run: (_args, { context }: ToolRunCall<ListHost>) => {
    const playing = context.items.toArray();
    context.played.push(playing);
    return toolOk({ playing });
  },
});

const waitForItems = defineTool({
  name: 'wait_for_items',
  title: 'Wait for items',
  description: 'Waits until the list holds at least `count` items, then returns them.',
  input: z.object({ count: z.number().int().min(1) }),
  output: z.object({ items: z.array(z.string()) }),
  permission: 'read',
  run: async (args, { context, signal }: ToolRunCall<ListHost>) => {
    const reached = await itemCount(context, args.count, signal);
    if (!reached) {
      context.abandoned.push(args.count);
      return toolFail(toolError('internal', 'The caller gave up waiting.'));
    }
    return toolOk({ items: context.items.toArray() });
  },
});

/** Resolves true once the list holds `count` items, false if `signal` aborts first. */
function itemCount(
  host: ListHost,
  count: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (reached: boolean) => {
      host.items.unobserve(check);
      signal?.removeEventListener('abort', abandon);
      resolve(reached);
    };
    const check = () => {
      if (host.items.length >= count) settle(true);
    };
    const abandon = () => settle(false);
    host.items.observe(check);
    signal?.addEventListener('abort', abandon);
    if (signal?.aborted) abandon();
    else check();
  });
}

/** The list catalog: list_items, add_items, undo, play, wait_for_items. */
export const listCatalog: ToolCatalog<ListHost> = defineCatalog<ListHost>([
  listItems,
  addItems,
  undoTool,
  play,
  waitForItems,
]);

/** The tools of the list catalog that need a user gesture in a browser. */
export const LIST_TOOLS_NEEDING_A_GESTURE = ['play'] as const;

/** A pipeline over `host`. Each call makes a new one, as a re-rendering host would. */
export function listPipeline(host: ListHost): ToolPipeline {
  return createToolPipeline({ catalog: listCatalog, context: host });
}
