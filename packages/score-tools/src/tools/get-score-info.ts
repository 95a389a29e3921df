/**
 * `get_score_info`: the whole score at a glance, with a synopsis that fits
 * a model's context even for a long score, kept up to date from the changes
 * (see `score-overview.ts`) so a call does not read the whole score.
 */
import { formatRational, type Rational } from '@scorelane/lanes-seq';
import {
  currentRevision,
  describePrintedNumbers,
  formatKey,
  pickTexts,
  transpositionName,
} from '@scorelane/score-model';
import { defineTool, type ToolRunCall, toolFail, toolOk } from '@scorelane/tool-contracts';
import * as z from 'zod';
import { importWarningsSummary } from '../import-warnings.ts';
import { instrumentFor } from '../instrument-ranges.ts';
import { noScoreYet } from '../no-score-yet.ts';
import { type ScoreOverview, scoreOverview } from '../score-overview.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { revisionOutput, writeScopeOf, writeScopeOutput } from '../tool-fields.ts';

const output = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  composer: z.string().optional(),
  lyricist: z.string().optional(),
  arranger: z.string().optional(),
  copyright: z.string().optional(),
  parts: z.array(
    z.object({
      part: z.number().int(),
      name: z.string(),
      abbreviation: z.string().optional(),
      staves: z.number().int(),
      clefs: z.array(z.string()),
      transposition: z
        .string()
        .optional()
        .describe('From written to sounding pitch ("-M2"); left out: sounds as written.'),
      voices: z.array(z.number().int()).describe('The voice numbers used anywhere in the part.'),
      instrument: z
        .string()
        .optional()
        .describe('The instrument the name suggests, with its usual written range.'),
    }),
  ),
  measure_count: z.number().int(),
  time_changes: z.array(z.object({ measure: z.number().int(), time: z.string() })),
  key_changes: z.array(z.object({ measure: z.number().int(), key: z.string() })),
  pickups: z
    .array(z.object({ measure: z.number().int(), length: z.string() }))
    .describe(
      'Measures short at the start of a section (m1, after a double bar, at a new time or key).',
    ),
  short_measures: z
    .array(z.object({ measure: z.number().int(), length: z.string() }))
    .optional()
    .describe(
      'Other measures not as long as their time signature: short final bars, bars split at repeats.',
    ),
  import_warnings: z
    .object({
      count: z.number().int(),
      first: z.array(z.object({ measure: z.number().int().optional(), message: z.string() })),
    })
    .optional()
    .describe('What the import of the file warned about: how many, and the first five.'),
  printed_numbers: z
    .string()
    .describe(
      'The rule most measures follow and the exceptions: "m-1 throughout, except m57=56a".',
    ),
  synopsis: z.string(),
  write_scope: writeScopeOutput,
  revision: revisionOutput,
});

/**
 * The `get_score_info` tool.
 *
 * @example
 * ```ts
 * const info = await tools.invoke('get_score_info', {});
 * ```
 */
/**
 * The printed-numbers phrase of each overview's info, made once: it walks
 * every measure, and the overview keeps the same info until the score's
 * structure changes.
 */
const printedPhrases = new WeakMap<ScoreOverview['info'], string>();

function printedNumbersPhrase(info: ScoreOverview['info']): string {
  let phrase = printedPhrases.get(info);
  if (phrase === undefined) {
    phrase = describePrintedNumbers(info.printedNumbers, 1, info.measureCount);
    printedPhrases.set(info, phrase);
  }
  return phrase;
}

export const getScoreInfoTool = defineTool({
  name: 'get_score_info',
  title: 'Score overview',
  description: TOOL_DESCRIPTIONS.get_score_info,
  input: z.object({}),
  output,
  permission: 'read',
  run: (_args, { context, scope }: ToolRunCall<ScoreToolsContext>) => {
    const missing = noScoreYet(context.score);
    if (missing) return toolFail(missing);
    // Kept up to date from the changes: a call costs what changed since the last one.
    const { info, shortMeasures, voices, synopsis } = scoreOverview(context.score);
    const warnings = importWarningsSummary(context.importWarnings);
    const lengths = (list: readonly { measure: number; length: Rational }[]) =>
      list.map((entry) => ({ measure: entry.measure, length: formatRational(entry.length) }));
    return toolOk({
      ...pickTexts(info),
      parts: info.parts.map((part) => {
        const instrument = instrumentFor(part.name);
        return {
          part: part.part,
          // As read_measures' % lines name it: an agent never meets an empty name.
          name: part.name.trim() === '' ? '(unnamed)' : part.name,
          ...(part.abbreviation ? { abbreviation: part.abbreviation } : {}),
          staves: part.staves,
          clefs: [...part.clefs],
          ...(part.transposition ? { transposition: transpositionName(part.transposition) } : {}),
          voices: [...(voices[part.part - 1] ?? [])],
          ...(instrument
            ? { instrument: `${instrument.name} (usually ${instrument.low}-${instrument.high})` }
            : {}),
        };
      }),
      measure_count: info.measureCount,
      time_changes: info.times.map((time) => ({
        measure: time.measure,
        time: `${time.beats}/${time.beatType}`,
      })),
      key_changes: info.keys.map((key) => ({ measure: key.measure, key: formatKey(key) })),
      pickups: lengths(info.pickups),
      ...(shortMeasures.length > 0 ? { short_measures: lengths(shortMeasures) } : {}),
      ...(warnings
        ? { import_warnings: { count: warnings.count, first: [...warnings.first] } }
        : {}),
      printed_numbers: printedNumbersPhrase(info),
      synopsis,
      write_scope: writeScopeOf(scope),
      revision: currentRevision(context.score),
    });
  },
});
