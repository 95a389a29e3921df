/**
 * A tiny to-do editor and its tool catalog: the real host the tests drive.
 * It counts every run of every tool so tests can see what actually ran.
 */
import * as z from 'zod';
import {
  defineCatalog,
  defineTool,
  type ToolRunCall,
  toolError,
  toolFail,
  toolOk,
  writeFields,
} from '../src/index.ts';

export interface TodoItem {
  id: number;
  title: string;
  done: boolean;
}

/** The document the tools edit. Every change bumps the revision. */
export class TodoEditor {
  items: TodoItem[] = [];
  runs: string[] = [];
  #revision = 0;
  #nextId = 1;

  revision(): string {
    return `r${this.#revision}`;
  }

  add(title: string): TodoItem {
    const item = { id: this.#nextId++, title, done: false };
    this.items.push(item);
    this.#revision += 1;
    return item;
  }

  /** Someone else edits the list (a collaborator). */
  touch(): void {
    this.#revision += 1;
  }
}

type Call = ToolRunCall<TodoEditor>;

const item = z.object({ id: z.number().int(), title: z.string(), done: z.boolean() });

export const listItems = defineTool({
  name: 'list_items',
  title: 'List items',
  description: 'Lists the to-do items, optionally only the open ones, with the current revision.',
  input: z.object({ open_only: z.boolean().optional().describe('true: leave out done items.') }),
  output: z.object({ items: z.array(item), revision: z.string() }),
  permission: 'read',
  examples: [{}, { open_only: true }],
  run: (args, { context }: Call) => {
    context.runs.push('list_items');
    const items = args.open_only === true ? context.items.filter((i) => !i.done) : context.items;
    return toolOk({ items: items.map((i) => ({ ...i })), revision: context.revision() });
  },
});

export const addItem = defineTool({
  name: 'add_item',
  title: 'Add item',
  description: 'Adds an item to the end of the list and returns it with the new revision.',
  input: z.object({
    title: z.string().min(1).max(200).describe('What to do.'),
    ...writeFields,
  }),
  output: z.object({ item: item.nullable(), revision: z.string() }),
  permission: 'write',
  annotations: { destructive: false },
  examples: [{ title: 'Buy milk' }, { title: 'Call Ana', idempotency_key: 'k-1' }],
  run: (args, { context }: Call) => {
    context.runs.push('add_item');
    if (args.title.trim() === '') {
      return toolFail(
        toolError('nothing_changed', 'The item was not added.', [
          { path: 'title', message: 'The title is only spaces.', hint: 'Give the item a title.' },
        ]),
      );
    }
    if (args.dry_run === true) return toolOk({ item: null, revision: context.revision() });
    const added = context.add(args.title);
    return toolOk({ item: { ...added }, revision: context.revision() }, [`item:${added.id}`]);
  },
});

export const completeItem = defineTool({
  name: 'complete_item',
  title: 'Complete item',
  description: 'Marks an item done. Refused as stale when the list changed after `revision`.',
  input: z.object({ id: z.number().int().min(1), ...writeFields }),
  output: z.object({ revision: z.string() }),
  permission: 'write',
  annotations: { destructive: false, idempotent: true },
  examples: [{ id: 1 }, { id: 2, revision: 'r3' }],
  // What it would touch: the item's id (a write scope judges ids).
  targets: (args) => [args.id],
  run: (args, { context }: Call) => {
    context.runs.push('complete_item');
    const target = context.items.find((i) => i.id === args.id);
    if (target === undefined) {
      return toolFail(
        toolError('not_found', `There is no item ${args.id}.`, [
          {
            path: 'id',
            message: `No item has id ${args.id}.`,
            hint: 'Call list_items for the ids.',
          },
        ]),
      );
    }
    if (args.revision !== undefined && args.revision !== context.revision()) {
      return toolFail(
        toolError('stale_revision', 'The list changed since your read.', [
          {
            path: 'revision',
            message: `You read ${args.revision}; the list is at ${context.revision()}.`,
            hint: 'Call list_items again, then retry.',
          },
        ]),
      );
    }
    if (args.dry_run !== true && !target.done) {
      target.done = true;
      context.touch();
    }
    return toolOk(
      { revision: context.revision() },
      args.dry_run === true ? [] : [`item:${target.id}`],
    );
  },
});

export const clearDone = defineTool({
  name: 'clear_done',
  title: 'Clear done items',
  description: 'Removes every done item.',
  input: z.object({ ...writeFields }),
  output: z.object({ removed: z.number().int(), revision: z.string() }),
  permission: 'write',
  examples: [{}],
  targets: (_args, { context }: Call) => context.items.filter((i) => i.done).map((i) => i.id),
  run: (_args, { context }: Call) => {
    context.runs.push('clear_done');
    const before = context.items.length;
    context.items = context.items.filter((i) => !i.done);
    const removed = before - context.items.length;
    if (removed > 0) context.touch();
    return toolOk({ removed, revision: context.revision() });
  },
});

export const todoCatalog = defineCatalog([listItems, addItem, completeItem, clearDone]);
