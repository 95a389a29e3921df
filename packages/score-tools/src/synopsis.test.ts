import { scoreContent } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { createScoreTools } from './create-score-tools.ts';
import { generatedScore, generatedScoreInit } from './generated-score.test-support.ts';
import { estimateTokens, SYNOPSIS_TOKEN_BUDGET, scoreSynopsis } from './synopsis.ts';

describe('the synopsis of get_score_info', () => {
  it('stays under 2,000 o200k tokens for a generated 2,000-measure, 16-part score', async () => {
    const score = generatedScore(2000, 16);
    const tools = createScoreTools({ score, undo: createUndoController(score.doc) });
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    const synopsis = String(info.output.synopsis);
    const tokens = countTokens(synopsis);
    expect(tokens).toBeLessThan(2000);
    expect(estimateTokens(synopsis)).toBeLessThanOrEqual(SYNOPSIS_TOKEN_BUDGET);
    // It still says where things are: every part, the marks, and blocks to the end.
    for (let part = 1; part <= 16; part++) expect(synopsis).toContain(`P${part} `);
    expect(synopsis).toContain('[A]m');
    expect(synopsis).toContain('tempo "Allegro"m1');
    expect(synopsis).toMatch(/m\d+-2000/);
    expect(info.output.measure_count).toBe(2000);
  });

  it('shows each playing part’s range and density per block for a short score, and who rests', () => {
    const content = generatedScoreInit(24, 3);
    const synopsis = scoreSynopsis(content);
    const [headline, ...lines] = synopsis.split('\n');
    expect(headline).toBe('Title "Generated 24".');
    expect(lines[0]).toContain('blocks of 4 measures');
    expect(lines).toHaveLength(1 + 6);
    expect(lines[1]).toMatch(/^m1-4 \[A\]m1 tempo "Allegro"m1: P1 [A-G]b?#?\d-[A-G]b?#?\d 4, P2 /);
    const rests = lines.filter((line) => line.includes('rest P'));
    expect(rests.length).toBeGreaterThan(0);
  });

  it('counts rests: a part that only rests in a block is listed as resting', () => {
    const content = generatedScoreInit(8, 2);
    const silent = {
      ...content,
      units: (content.units ?? []).map((unit) =>
        unit.part === 2
          ? {
              ...unit,
              content: {
                voices: [
                  {
                    voice: 1,
                    events: [
                      {
                        kind: 'rest' as const,
                        duration: { num: 1, den: 1 },
                        grace: false as const,
                      },
                    ],
                  },
                ],
              },
            }
          : unit,
      ),
    };
    expect(scoreSynopsis(silent)).toContain('m1-4 [A]m1 tempo "Allegro"m1: P1');
    expect(scoreSynopsis(silent)).toContain('; rest P2');
  });

  it('reads the content the score holds', () => {
    const score = generatedScore(8, 2);
    expect(scoreSynopsis(scoreContent(score))).toBe(scoreSynopsis(generatedScoreInit(8, 2)));
  });
});
