import { describe, expect, it } from 'vitest';
import { createFakeModelContext } from '../test/fake-model-context.ts';
import { createListHost, listPipeline } from '../test/list-catalog.ts';
import { executeWebMcpTool, takesObjectArguments } from './execute-web-mcp-tool.ts';
import { createWebMcpBridge } from './web-mcp-bridge.ts';

describe.each(['native', 'polyfill'] as const)(
  'executeWebMcpTool against a fake %s model context',
  (flavour) => {
    async function registered() {
      const modelContext = createFakeModelContext(flavour);
      const host = createListHost(['Milk']);
      await createWebMcpBridge(modelContext).update({
        pipeline: listPipeline(host),
        role: 'editor',
        ready: true,
      });
      return { modelContext, host };
    }

    it(`passes the arguments as ${flavour === 'native' ? 'an object' : 'a JSON string'} and returns the tool's result`, async () => {
      const { modelContext, host } = await registered();
      expect(takesObjectArguments(modelContext)).toBe(flavour === 'native');
      const outcome = await executeWebMcpTool(modelContext, 'add_items', { titles: ['Tea'] });
      expect(outcome).toMatchObject({ ok: true, result: { isError: false } });
      expect(host.items.toArray()).toEqual(['Milk', 'Tea']);
    });

    it('says when no tool of that name is registered', async () => {
      const { modelContext } = await registered();
      expect(await executeWebMcpTool(modelContext, 'fly', {})).toEqual({
        ok: false,
        reason: 'not_registered',
        message: 'No tool named fly is registered on this page now.',
      });
    });
  },
);

describe('executeWebMcpTool', () => {
  it('throws where the model context has no getTools/executeTool', async () => {
    const bare = { registerTool: async () => undefined };
    await expect(executeWebMcpTool(bare, 'list_items', {})).rejects.toThrow(
      /getTools\(\)\/executeTool\(\)/,
    );
  });
});
