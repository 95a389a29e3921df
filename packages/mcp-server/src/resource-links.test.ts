import { createToolPipeline, defineCatalog, defineTool, toolOk } from '@scorelane/tool-contracts';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { httpClient } from '../test/clients.ts';
import { type HttpEndpoint, serveCatalogHttp } from './http-server.ts';

const link = {
  type: 'resource_link' as const,
  uri: 'file:///exports/report.txt',
  name: 'report.txt',
  mimeType: 'text/plain',
  size: 5,
};

/** A tool that kept a file and links to it, as an export does. */
const keepReport = defineTool({
  name: 'keep_report',
  title: 'Keep report',
  description: 'Writes the report as a file and links to it.',
  input: z.object({ broken: z.boolean().optional() }),
  output: z.object({
    summary: z.string(),
    resource_links: z.array(z.record(z.string(), z.unknown())),
  }),
  permission: 'read',
  run: (args) =>
    toolOk({
      summary: 'Kept report.txt.',
      resource_links: args.broken ? [{ type: 'resource_link', uri: 7 }] : [link],
    }),
});

const endpoints: HttpEndpoint[] = [];

afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
});

describe('a result that links to files', () => {
  it('sends each link as a resource_link block after the text, which the SDK client reads; a malformed link is not sent', async () => {
    const pipeline = createToolPipeline({ catalog: defineCatalog([keepReport]), context: {} });
    const endpoint = await serveCatalogHttp(
      { pipeline, role: 'viewer', name: 'files', version: '1.0.0' },
      { port: 0 },
    );
    endpoints.push(endpoint);
    const client = await httpClient(endpoint.url);
    try {
      const result = await client.callTool({ name: 'keep_report', arguments: {} });
      const content = result.content as { type: string }[];
      expect(content.map((block) => block.type)).toEqual(['text', 'resource_link']);
      expect(content[1]).toEqual(link);
      const broken = await client.callTool({ name: 'keep_report', arguments: { broken: true } });
      expect((broken.content as { type: string }[]).map((block) => block.type)).toEqual(['text']);
    } finally {
      await client.close();
    }
  });
});
