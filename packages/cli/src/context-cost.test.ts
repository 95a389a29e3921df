import { formatGuide } from '@scorelane/lanes-seq';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterEach, describe, expect, it } from 'vitest';
import { firstText, type McpSession, scoreFile, stdioSession } from './mcp-session.test-support.ts';
import { TWO_BARS } from './small-scores.test-support.ts';

/**
 * What `tools/list` may cost an agent's context, in o200k tokens, for the
 * names, titles, descriptions, input schemas and annotations of every tool
 * the server lists (whatever the catalog holds).
 */
const TOOLS_BUDGET = 4_000;

const sessions: McpSession[] = [];

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

/** Every line of the format guide long enough to be a copy if it turns up elsewhere. */
const guideLines = formatGuide()
  .split('\n')
  .filter((line) => line.length > 40);

describe("what scorelane mcp costs an agent's context", () => {
  it(`lists its tools in at most ${TOOLS_BUDGET} o200k tokens without output schemas, and no description copies the format guide`, async () => {
    const session = await stdioSession(await scoreFile('two.lanes', TWO_BARS));
    sessions.push(session);
    const { tools } = await session.client.listTools();
    const withoutOutput = tools.map(({ outputSchema: _output, ...tool }) => tool);
    expect(countTokens(JSON.stringify(withoutOutput))).toBeLessThanOrEqual(TOOLS_BUDGET);
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) {
      for (const line of guideLines) expect(tool.description, tool.name).not.toContain(line);
    }
  });

  it('sends the format guide once, in its instructions, and again only on request (resource or get_format_guide)', async () => {
    const session = await stdioSession(await scoreFile('two.lanes', TWO_BARS));
    sessions.push(session);
    const instructions = session.client.getInstructions() ?? '';
    expect(instructions.split(formatGuide()).length - 1).toBe(1);
    const resource = await session.client.readResource({ uri: 'scorelane://guide/lanes-seq' });
    expect(resource.contents[0]).toMatchObject({ text: formatGuide() });
    const asked = await session.client.callTool({ name: 'get_format_guide', arguments: {} });
    expect(JSON.parse(firstText(asked)).guide).toBe(formatGuide());
  });

  it('lists no tool this host cannot run: no player (play, stop), no editor selection (select_measures)', async () => {
    const session = await stdioSession(await scoreFile('two.lanes', TWO_BARS));
    sessions.push(session);
    const names = (await session.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['get_score_info', 'read_measures', 'get_selection']),
    );
    for (const absent of ['play', 'stop', 'select_measures']) expect(names).not.toContain(absent);
  });
});
