/**
 * `set_score_info`: the texts at the head of the score (title, subtitle,
 * composer, lyricist, arranger, copyright).
 */
import { pickTexts, planSetTexts } from '@scorelane/score-model';
import * as z from 'zod';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

// One line of at most MAX_SCORE_TEXT characters: the planner checks it and says how to fix it.
const text = z.string().optional();

/**
 * The `set_score_info` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('set_score_info', { title: 'Sonatina in C', composer: 'M. Clementi' });
 * ```
 */
export const setScoreInfo = defineWriteTool({
  name: 'set_score_info',
  title: 'Set title and credits',
  description: TOOL_DESCRIPTIONS.set_score_info,
  input: z.object({
    title: text,
    subtitle: text,
    composer: text,
    lyricist: text,
    arranger: text,
    copyright: text,
    ...writeArguments,
  }),
  example: { title: 'Sonatina in C', composer: 'M. Clementi' },
  spec: (args) => {
    const texts = pickTexts(args);
    return {
      label: `set_score_info ${Object.keys(texts).join(', ') || '(nothing)'}`,
      plan: (score, revision) =>
        planSetTexts(score, { texts, ...(revision === undefined ? {} : { revision }) }),
    };
  },
});
