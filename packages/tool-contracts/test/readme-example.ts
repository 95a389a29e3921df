import {
  createToolPipeline,
  defineCatalog,
  defineTool,
  type ToolRunCall,
  toMcpTool,
  toolOk,
  writeFields,
} from '@scorelane/tool-contracts';
import * as z from 'zod';

// The host: a to-do list whose revision moves on every change.
const list = { items: [] as string[], version: 0, revision: () => `r${list.version}` };
type List = typeof list;

const addItem = defineTool({
  name: 'add_item',
  title: 'Add item',
  description: 'Adds an item to the to-do list.',
  input: z.object({ title: z.string().min(1).describe('What to do.'), ...writeFields }),
  output: z.object({ count: z.number().int(), revision: z.string() }),
  permission: 'write',
  annotations: { destructive: false },
  examples: [{ title: 'Buy milk' }],
  run: (args, { context }: ToolRunCall<List>) => {
    if (args.dry_run !== true) {
      context.items.push(args.title);
      context.version += 1;
    }
    const count = context.items.length;
    return toolOk({ count, revision: context.revision() }, [`item:${count}`]);
  },
});

const pipeline = createToolPipeline({ catalog: defineCatalog([addItem]), context: list });

const added = await pipeline.invoke('add_item', { title: 'Buy milk' }, { role: 'editor' });
console.log(added.result.structuredContent);
// { count: 1, revision: 'r1' }

const refused = await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'viewer' });
console.log(refused.result.content[0]?.text);
// Nothing was changed.
// The viewer role may not call add_item.
// - add_item needs the write permission; viewer has read. Hint: Ask the user for ...
// Revision now: r1.

const invalid = await pipeline.invoke('add_item', { title: '', colour: 'red' }, { role: 'editor' });
console.log(invalid.result.content[0]?.text);
// Nothing was changed.
// 2 problems with the arguments of add_item.
// - title: Too small: expected string to have >=1 characters. Received "".
// - colour: Unknown field. Hint: Fields here: title, revision, dry_run, idempotency_key.
// Revision now: r1.

console.log(
  pipeline.manifest('viewer').tools.length,
  pipeline.manifest('editor').tools.map(toMcpTool)[0]?.annotations,
);
// 0 { destructiveHint: false, openWorldHint: false }
