/**
 * `set_part`: a part's name, abbreviation, instrument or transposition.
 */
import { type PartChanges, type Problem, planPartEdit } from '@scorelane/score-model';
import * as z from 'zod';
import { instrumentTransposition, tableInstrument, transpositionArgument } from '../part-values.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { partField, writeArguments } from '../tool-fields.ts';
import { defineWriteTool } from '../write-tool.ts';

interface SetPartArgs {
  readonly name?: string | undefined;
  readonly abbreviation?: string | undefined;
  readonly instrument?: string | undefined;
  readonly transposition?: string | undefined;
}

/** The changes the arguments ask for: an instrument's values, then what was given over them. */
function changesOf(
  args: SetPartArgs,
): { ok: true; changes: PartChanges } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  let changes: { -readonly [K in keyof PartChanges]: PartChanges[K] } = {};
  if (args.instrument !== undefined) {
    const found = tableInstrument(args.instrument);
    if (found.ok) {
      const { instrument } = found;
      changes = {
        name: instrument.name,
        abbreviation: instrument.abbreviation,
        clefs: [...instrument.clefs],
        program: instrument.program,
        transposition: instrumentTransposition(instrument) ?? null,
      };
    } else problems.push(found.problem);
  }
  if (args.transposition !== undefined) {
    const read = transpositionArgument(args.transposition);
    if (read.ok) changes.transposition = read.transposition;
    else problems.push(read.problem);
  }
  if (args.name !== undefined) changes.name = args.name;
  if (args.abbreviation !== undefined) changes.abbreviation = args.abbreviation;
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

/**
 * The `set_part` tool and its spec.
 *
 * @example
 * ```ts
 * await tools.invoke('set_part', { part: 2, instrument: 'Viola' });
 * ```
 */
export const setPart = defineWriteTool({
  name: 'set_part',
  title: 'Change a part',
  description: TOOL_DESCRIPTIONS.set_part,
  input: z.object({
    part: partField(),
    name: z.string().optional(),
    abbreviation: z.string().optional(),
    instrument: z.string().optional(),
    transposition: z.string().optional(),
    ...writeArguments,
  }),
  example: { part: 2, instrument: 'Viola' },
  spec: (args) => ({
    label: `set_part ${args.part}`,
    plan: (score, revision) => {
      const asked = changesOf(args);
      if (!asked.ok) return asked;
      return planPartEdit(score, {
        edit: { kind: 'set', part: args.part, changes: asked.changes },
        ...(revision === undefined ? {} : { revision }),
      });
    },
  }),
});
