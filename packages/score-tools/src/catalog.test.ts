import { formatGuide } from '@scorelane/lanes-seq';
import { EXAMPLES_HEADING, toMcpTool, toWebMcpTool } from '@scorelane/tool-contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { scoreToolCatalog } from './catalog.ts';
import { createScoreTools } from './create-score-tools.ts';
import { odeFixture } from './fixtures.test-support.ts';
import { openOversightSettings } from './oversight-settings.ts';
import { openProposalStore } from './proposal-store.ts';

const CALLS: Record<string, object> = {
  get_score_info: {},
  read_measures: { start_measure: 1, end_measure: 4 },
  rewrite_measures: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: B4=1\n' },
  write_marks: { lanes_seq: 'P1 s1 v1 m3: *( * * *)\n' },
  transpose_measures: { start_measure: 1, end_measure: 2, interval: '-m3' },
  insert_measures: { at_measure: 9, count: 1, allow_measure_count_change: true },
  delete_measures: { start_measure: 9, end_measure: 9, allow_measure_count_change: true },
  set_time_signature: { measure: 5, beats: 4, beat_type: 4 },
  set_key_signature: { measure: 5, tonic: 'F#', mode: 'minor' },
  set_score_info: { title: 'Ode', composer: 'L. van Beethoven' },
  undo: {},
  redo: {},
  get_proposal_status: { proposal_id: 'proposal_1' },
  get_selection: {},
  select_measures: { start_measure: 3, end_measure: 4 },
  play: { start_measure: 1, end_measure: 2 },
  stop: {},
  export_score: { format: 'lanes' },
};

describe('the catalog', () => {
  it('describes every tool for a model that has never seen it: a title, one example call', () => {
    for (const tool of scoreToolCatalog().tools) {
      expect(tool.title, tool.name).not.toBe('');
      expect(tool.examples, tool.name).toHaveLength(1);
      expect(
        tool.description.split(`\n\n${EXAMPLES_HEADING}\n`)[1]?.split('\n'),
        tool.name,
      ).toHaveLength(1);
    }
  });

  it('serves as MCP and WebMCP tools, read tools marked read-only', () => {
    const { tools } = odeFixture();
    const mcp = tools.manifest('editor').tools.map(toMcpTool);
    const webmcp = tools.manifest('editor').tools.map(toWebMcpTool);
    expect(mcp).toHaveLength(18);
    expect(webmcp.map((tool) => tool.name)).toEqual(mcp.map((tool) => tool.name));
    const readOnly = mcp.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly.sort()).toEqual(
      tools
        .manifest('viewer')
        .tools.map((tool) => tool.name)
        .sort(),
    );
    for (const tool of mcp) expect(tool.inputSchema.type).toBe('object');
  });

  it('embeds the one format guide in the tools that read or write lanes-seq, and nowhere else', () => {
    const withGuide = scoreToolCatalog()
      .tools.filter((tool) => tool.description.includes(formatGuide()))
      .map((tool) => tool.name);
    expect(withGuide).toEqual(['read_measures', 'rewrite_measures']);
  });

  it('answers every tool with text for the model and structured content its published output schema accepts', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const { doc, score, undo } = odeFixture();
    const settings = openOversightSettings(doc);
    const tools = createScoreTools({
      score,
      undo,
      player: { play: () => ({ ok: true }), stop: () => ({ ok: true }) },
      oversight: { settings, proposals: openProposalStore(doc) },
    });
    // A proposal for get_proposal_status to answer about.
    settings.setReviewMode(true);
    const held = await tools.invoke('rewrite_measures', CALLS.rewrite_measures);
    settings.setReviewMode(false);
    const proposalId = held.ok ? (held.output.review as { id: string }).id : '';
    const calls: Record<string, object> = {
      ...CALLS,
      get_proposal_status: { proposal_id: proposalId },
    };
    expect(Object.keys(CALLS).sort()).toEqual(
      scoreToolCatalog()
        .tools.map((tool) => tool.name)
        .sort(),
    );
    for (const tool of scoreToolCatalog().tools) {
      const call = await tools.invoke(tool.name, calls[tool.name]);
      expect(call.ok, `${tool.name}: ${call.result.content[0]?.text}`).toBe(true);
      const validate = ajv.compile(tool.outputSchema);
      expect(
        validate(call.result.structuredContent),
        `${tool.name}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
      expect(JSON.parse(call.result.content[0]!.text)).toEqual(call.result.structuredContent);
      expect(call.result.structuredContent?.revision).toBe(tools.context.revision());
    }
  });
});
