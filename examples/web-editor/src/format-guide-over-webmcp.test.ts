import { formatGuide } from '@scorelane/lanes-seq';
import {
  createWebMcpBridge,
  type WebMcpModelContext,
  type WebMcpTool,
} from '@scorelane/webmcp-bridge';
import { describe, expect, it } from 'vitest';
import { openExample } from './example-editor.test-support.ts';

/** A stand-in for the browser's `document.modelContext` (Node has none): it keeps what is registered. */
function recordingModelContext(): WebMcpModelContext & { readonly tools: Map<string, WebMcpTool> } {
  const tools = new Map<string, WebMcpTool>();
  return {
    tools,
    registerTool: async (tool) => {
      tools.set(tool.name, tool);
    },
  };
}

describe('the format guide for a browser agent, which gets no server instructions', () => {
  it('is one call away: get_format_guide is registered and answers the guide; read_measures points to it', async () => {
    const modelContext = recordingModelContext();
    const { tools } = openExample();
    const bridge = createWebMcpBridge(modelContext);
    const report = await bridge.update({ pipeline: tools.pipeline, role: 'editor', ready: true });
    expect(report.registered).toContain('get_format_guide');
    expect(modelContext.tools.get('read_measures')?.description).toContain('get_format_guide');
    expect(modelContext.tools.get('rewrite_measures')?.description).toContain('get_format_guide');
    const answer = await modelContext.tools.get('get_format_guide')!.execute({});
    expect(answer.isError).toBe(false);
    expect(JSON.parse(answer.content[0]!.text).guide).toBe(formatGuide());
  });
});
