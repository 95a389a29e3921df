import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveCatalogHttp } from '@scorelane/mcp-server';
import {
  createToolPipeline,
  defineCatalog,
  defineTool,
  type ToolRunCall,
  toolOk,
  writeFields,
} from '@scorelane/tool-contracts';
import * as z from 'zod';

// The host: a counter whose revision moves on every change.
const counter = { value: 0, revision: () => `r${counter.value}` };

const increment = defineTool({
  name: 'increment',
  title: 'Increment',
  description: 'Adds to the counter.',
  input: z.object({ by: z.number().int().min(1).max(10), ...writeFields }),
  output: z.object({ value: z.number().int(), revision: z.string() }),
  permission: 'write',
  annotations: { destructive: false },
  examples: [{ by: 1 }],
  run: (args, { context }: ToolRunCall<typeof counter>) => {
    if (args.dry_run !== true) context.value += args.by;
    return toolOk({ value: context.value, revision: context.revision() });
  },
});

const pipeline = createToolPipeline({ catalog: defineCatalog([increment]), context: counter });
const endpoint = await serveCatalogHttp(
  {
    pipeline,
    role: 'editor',
    name: 'counter',
    version: '1.0.0',
    resources: [
      { uri: 'counter://guide', name: 'guide', mimeType: 'text/markdown', read: () => '# Counter' },
    ],
  },
  { port: 0 }, // leave port out to take the first free one from 8642 to 8651
);
console.log(endpoint.url.replace(String(endpoint.port), 'PORT'));
// http://127.0.0.1:PORT/mcp

const client = new Client({ name: 'example', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
console.log((await client.listTools()).tools.map((tool) => [tool.name, tool.annotations]));
// [ [ 'increment', { destructiveHint: false, openWorldHint: false } ] ]

const done = await client.callTool({ name: 'increment', arguments: { by: 2 } });
console.log(done.structuredContent);
// { value: 2, revision: 'r2' }

const refused = await client.callTool({ name: 'increment', arguments: { by: 0 } });
console.log(refused.isError, refused.content);
// true [ { type: 'text', text: 'Nothing was changed.\n1 problem with the arguments of increment.\n- by: Too small: ...' } ]

console.log((await client.readResource({ uri: 'counter://guide' })).contents);
// [ { uri: 'counter://guide', mimeType: 'text/markdown', text: '# Counter' } ]

await client.close();
await endpoint.close();
