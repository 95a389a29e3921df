import { formatGuide } from '@scorelane/lanes-seq';
import { EXAMPLES_HEADING, toMcpTool, toWebMcpTool } from '@scorelane/tool-contracts';
import Ajv2020 from 'ajv/dist/2020.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { scoreToolCatalog } from './catalog.ts';
import { createScoreTools } from './create-score-tools.ts';
import { odeFixture } from './fixtures.test-support.ts';
import { openOversightSettings } from './oversight-settings.ts';
import { openProposalStore } from './proposal-store.ts';
import { createMemorySelection } from './selection.ts';

/** A host with a player (a test double that plays nothing) and a selection a person sees. */
const FULL_HOST = {
  player: { play: () => ({ ok: true as const }), stop: () => ({ ok: true as const }) },
  selection: createMemorySelection(),
};

const CALLS: Record<string, object> = {
  get_score_info: {},
  get_format_guide: {},
  read_measures: { start_measure: 1, end_measure: 4 },
  rewrite_measures: { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: B4=1\n' },
  write_marks: { lanes_seq: 'P1 s1 v1 m3: *( * * *)\n' },
  transpose_measures: { start_measure: 1, end_measure: 2, interval: '-m3' },
  insert_measures: { at_measure: 9, count: 1, allow_measure_count_change: true },
  delete_measures: { start_measure: 9, end_measure: 9, allow_measure_count_change: true },
  set_time_signature: { measure: 5, beats: 4, beat_type: 4 },
  set_key_signature: { measure: 5, tonic: 'F#', mode: 'minor' },
  set_clef: { part: 1, measure: 3, onset: '1/2', clef: 'alto' },
  set_barline: { measure: 4, style: 'repeat-end' },
  set_score_info: { title: 'Ode', composer: 'L. van Beethoven' },
  add_part: { instrument: 'Cello' },
  remove_part: { part: 3, allow_part_count_change: true },
  set_part: { part: 1, name: 'Violin 1' },
  move_part: { part: 2, position: 1 },
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
  it('describes every tool for a model that has never seen it: a title, one example call where it takes arguments', () => {
    for (const tool of scoreToolCatalog().tools) {
      expect(tool.title, tool.name).not.toBe('');
      const takesArguments = Object.keys(tool.inputSchema.properties ?? {}).length > 0;
      expect(tool.examples, tool.name).toHaveLength(takesArguments ? 1 : 0);
      if (!takesArguments) continue;
      expect(
        tool.description.split(`\n\n${EXAMPLES_HEADING}\n`)[1]?.split('\n'),
        tool.name,
      ).toHaveLength(1);
    }
  });

  it('serves as MCP and WebMCP tools, read tools marked read-only', () => {
    const { tools } = odeFixture(FULL_HOST);
    const mcp = tools.manifest('editor').tools.map(toMcpTool);
    const webmcp = tools.manifest('editor').tools.map(toWebMcpTool);
    expect(mcp).toHaveLength(scoreToolCatalog().tools.length);
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

  it('sends the format guide only on request: no description holds any line of it, get_format_guide answers it', async () => {
    const guideLines = formatGuide()
      .split('\n')
      .filter((line) => line.length > 40);
    for (const tool of scoreToolCatalog().tools) {
      for (const line of guideLines) expect(tool.description, tool.name).not.toContain(line);
    }
    const pointing = scoreToolCatalog()
      .tools.filter((tool) => tool.description.includes('get_format_guide'))
      .map((tool) => tool.name);
    expect(pointing).toEqual(['read_measures', 'rewrite_measures']);
    const { tools } = odeFixture();
    const answered = await tools.invoke('get_format_guide', {});
    expect(answered.ok && answered.output.guide).toBe(formatGuide());
  });

  // The whole catalog, as a host with a player and a selection lists it (the web editor's WebMCP
  // tools, which have no tools/list): 24 tools since issue 24 added parts, clefs, re-barring and
  // bar lines. Every MCP tools/list is held to 4,000: scorelane mcp's by the cli's
  // context-cost test, the collaboration server's (which adds select_measures) by its own.
  it('lists every tool of a host with a player and a selection in at most 4,300 o200k tokens without output schemas', () => {
    const { tools } = odeFixture(FULL_HOST);
    const listed = tools.manifest('editor').tools.map(toMcpTool);
    expect(listed.map((tool) => tool.name)).toEqual(
      scoreToolCatalog().tools.map((tool) => tool.name),
    );
    const withoutOutput = listed.map(({ outputSchema: _output, ...tool }) => tool);
    expect(countTokens(JSON.stringify(withoutOutput))).toBeLessThanOrEqual(4_300);
  });

  it('copies no sentence from one description into another, only points to rewrite_measures for the write rules', () => {
    const pointer = 'Writes as rewrite_measures says.';
    const seen = new Map<string, string>();
    for (const tool of scoreToolCatalog().tools) {
      if (
        tool.permission === 'write' &&
        tool.name !== 'rewrite_measures' &&
        !/^(undo|redo)$/.test(tool.name)
      ) {
        expect(tool.summary, tool.name).toContain(pointer);
      }
      const sentences = tool.summary
        .split(/(?<=[.:;])\s+/)
        .filter((s) => s.length > 40 && s !== pointer);
      for (const sentence of sentences) {
        expect(seen.get(sentence), `${tool.name}: ${sentence}`).toBeUndefined();
        seen.set(sentence, tool.name);
      }
    }
  });

  it('answers every tool with text for the model and structured content its published output schema accepts', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const { doc, score, undo } = odeFixture();
    const settings = openOversightSettings(doc);
    const tools = createScoreTools({
      score,
      undo,
      ...FULL_HOST,
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
