/**
 * Adding, removing, changing and moving parts, as plans: one write each,
 * checked whole against the score before anything changes.
 */
import type { Clef } from '@scorelane/lanes-seq';
import { describePartMusic } from './part-music.ts';
import { noScore, revisionProblems, steadyPlan } from './plan-support.ts';
import type { PlannedWrite, ScorePlan } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import type { Score } from './score.ts';
import { MAX_SCORE_TEXT, scoreTextProblem } from './score-texts.ts';
import type { PartInfo } from './score-types.ts';
import { type ScoreView, viewScore } from './score-view.ts';
import {
  MAX_TRANSPOSITION_SEMITONES,
  sameTransposition,
  type Transposition,
  transpositionName,
  transpositionSemitones,
} from './transposition.ts';

/** The most staves a part may have. */
const MAX_PART_STAVES = 64;

/**
 * What a `set` edit changes: each field given is set, one left out stays.
 * `abbreviation: ''` removes the abbreviation; `transposition: null` makes
 * the part sound as written.
 *
 * @example
 * ```ts
 * const changes: PartChanges = { name: 'Viola', clefs: ['alto'], program: 41 };
 * ```
 */
export interface PartChanges {
  readonly name?: string;
  readonly abbreviation?: string;
  /** The opening clefs, one per staff (a part keeps its number of staves). */
  readonly clefs?: readonly Clef[];
  readonly program?: number;
  readonly transposition?: Transposition | null;
}

/**
 * One change of the part list. Parts are numbered from 1 in score order;
 * `at` and `to` are the part's number after the change (left out: last).
 *
 * @example
 * ```ts
 * const edit: PartEdit = { kind: 'move', part: 3, to: 1 };
 * ```
 */
export type PartEdit =
  | { readonly kind: 'add'; readonly info: PartInfo; readonly at?: number }
  | { readonly kind: 'remove'; readonly part: number }
  | { readonly kind: 'set'; readonly part: number; readonly changes: PartChanges }
  | { readonly kind: 'move'; readonly part: number; readonly to: number };

/**
 * A part edit and the revision it was based on.
 *
 * @example
 * ```ts
 * const request: PartEditRequest = { edit: { kind: 'remove', part: 2 }, revision };
 * ```
 */
export interface PartEditRequest {
  readonly edit: PartEdit;
  readonly revision?: string;
}

function invalid(message: string, fix: string): Problem {
  return { code: 'invalid-part', message, fix };
}

/**
 * A part in a few words, as part plans and their summaries say it.
 *
 * @example
 * ```ts
 * describePart({ name: 'Cello', abbreviation: 'Vc.', staves: 1, clefs: ['bass'], program: 42 });
 * // '"Cello" (Vc., 1 staff, bass clef, program 42, sounds as written)'
 * ```
 */
export function describePart(info: PartInfo): string {
  const staves = info.staves === 1 ? '1 staff' : `${info.staves} staves`;
  const clefs = `${info.clefs.join(' and ')} clef${info.clefs.length === 1 ? '' : 's'}`;
  const details = [
    ...(info.abbreviation ? [info.abbreviation] : []),
    staves,
    clefs,
    ...(info.program !== undefined ? [`program ${info.program}`] : []),
    sameTransposition(info.transposition, undefined)
      ? 'sounds as written'
      : `sounds ${transpositionName(info.transposition)}`,
  ];
  return `"${info.name}" (${details.join(', ')})`;
}

/** The problems of a part's values: name, abbreviation, staves and clefs, program, transposition. */
function infoProblems(info: PartInfo): Problem[] {
  const problems: Problem[] = [];
  for (const [field, text] of [
    ['name', info.name],
    ['abbreviation', info.abbreviation],
  ] as const) {
    const why = text === undefined ? undefined : scoreTextProblem(text);
    if (why)
      problems.push(
        invalid(
          `The part's ${field} ${why}.`,
          `Give the ${field} as one line of at most ${MAX_SCORE_TEXT} characters.`,
        ),
      );
  }
  if (info.name.trim() === '')
    problems.push(invalid('The part has no name.', 'Give the part a name, e.g. "Cello".'));
  if (
    !Number.isInteger(info.staves) ||
    info.staves < 1 ||
    info.staves > MAX_PART_STAVES ||
    info.clefs.length !== info.staves
  ) {
    problems.push(
      invalid(
        `A part of ${info.staves} staves with ${info.clefs.length} clefs.`,
        `Give 1 to ${MAX_PART_STAVES} staves and one clef for each.`,
      ),
    );
  }
  if (
    info.program !== undefined &&
    (!Number.isInteger(info.program) || info.program < 0 || info.program > 127)
  )
    problems.push(
      invalid(
        `The MIDI program ${info.program} is not one.`,
        'Give a General MIDI program from 0 to 127.',
      ),
    );
  const transposition = info.transposition;
  if (
    transposition !== undefined &&
    (![transposition.chromatic, transposition.diatonic, transposition.octaveChange ?? 0].every(
      Number.isInteger,
    ) ||
      Math.abs(transpositionSemitones(transposition)) > MAX_TRANSPOSITION_SEMITONES)
  ) {
    problems.push(
      invalid(
        'The transposition is not whole semitones and steps within four octaves.',
        'Give it as an interval from written to sounding pitch, e.g. "-M2" for a B-flat clarinet.',
      ),
    );
  }
  return problems;
}

/** The part numbered `part`, or the problem that it is not one. */
function partProblem(view: ScoreView, part: number, what: string): Problem | undefined {
  const count = view.parts.length;
  if (Number.isInteger(part) && part >= 1 && part <= count) return undefined;
  return {
    code: 'unknown-part',
    message: `There is no part ${part} to ${what}: the score has ${count} part${count === 1 ? '' : 's'}.`,
    fix: `Name a part from 1 to ${count} (get_score_info lists them).`,
  };
}

/** The part's values after a set edit. */
function changedInfo(info: PartInfo, changes: PartChanges): PartInfo {
  const { abbreviation: _abbreviation, transposition: _transposition, ...rest } = info;
  const abbreviation =
    changes.abbreviation !== undefined ? changes.abbreviation.trim() : info.abbreviation;
  const transposition =
    changes.transposition === null
      ? undefined
      : changes.transposition !== undefined
        ? changes.transposition
        : info.transposition;
  return {
    ...rest,
    ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
    ...(changes.clefs !== undefined ? { clefs: [...changes.clefs] } : {}),
    ...(changes.program !== undefined ? { program: changes.program } : {}),
    ...(abbreviation ? { abbreviation } : {}),
    ...(transposition && !sameTransposition(transposition, undefined) ? { transposition } : {}),
  };
}

/** What a set edit changes, in words: `name "Viola" (was "Violin 2"), ...`; empty when nothing. */
function changeWords(before: PartInfo, after: PartInfo): string[] {
  const words: string[] = [];
  const quoted = (text: string | undefined) => (text ? `"${text}"` : 'none');
  if (before.name !== after.name)
    words.push(`name ${quoted(after.name)} (was ${quoted(before.name)})`);
  if ((before.abbreviation ?? '') !== (after.abbreviation ?? ''))
    words.push(`abbreviation ${quoted(after.abbreviation)} (was ${quoted(before.abbreviation)})`);
  if (before.clefs.join() !== after.clefs.join())
    words.push(`clefs ${after.clefs.join(', ')} (were ${before.clefs.join(', ')})`);
  if (before.program !== after.program)
    words.push(`program ${after.program ?? 'default'} (was ${before.program ?? 'default'})`);
  if (!sameTransposition(before.transposition, after.transposition))
    words.push(
      `transposition ${transpositionName(after.transposition)} (was ${transpositionName(before.transposition)})`,
    );
  return words;
}

interface Planned {
  readonly kind: 'add-part' | 'remove-part' | 'set-part' | 'move-part';
  readonly writes: PlannedWrite[];
  readonly words: string;
  readonly part: number;
  readonly dropped?: string;
}

function planned(view: ScoreView, edit: PartEdit): Result<{ planned: Planned }> {
  const count = view.parts.length;
  switch (edit.kind) {
    case 'add': {
      const at = edit.at ?? count + 1;
      const problems = infoProblems(edit.info);
      if (!Number.isInteger(at) || at < 1 || at > count + 1)
        problems.push(
          invalid(
            `A new part cannot go at ${at}.`,
            `Give a position from 1 to ${count + 1} (${count + 1}: last), or leave it out.`,
          ),
        );
      if (problems.length > 0) return { ok: false, problems };
      const info = changedInfo(edit.info, { name: edit.info.name });
      return {
        ok: true,
        planned: {
          kind: 'add-part',
          writes: [{ op: 'insert-part', at, info }],
          words: `part ${at} ${describePart(info)}, added with rests in all ${view.measureCount} measures`,
          part: at,
        },
      };
    }
    case 'remove': {
      const missing = partProblem(view, edit.part, 'remove');
      if (missing) return { ok: false, problems: [missing] };
      if (count === 1)
        return {
          ok: false,
          problems: [
            invalid(
              'A score keeps at least one part, and this is its only one.',
              'Add the part that replaces it first (add_part), then remove this one.',
            ),
          ],
        };
      const info = view.parts[edit.part - 1]!.info;
      return {
        ok: true,
        planned: {
          kind: 'remove-part',
          writes: [{ op: 'delete-part', part: edit.part }],
          words: `part ${edit.part} "${info.name}", removed with its music`,
          part: Math.min(edit.part, count - 1),
          dropped: describePartMusic(view, edit.part),
        },
      };
    }
    case 'set': {
      const missing = partProblem(view, edit.part, 'change');
      if (missing) return { ok: false, problems: [missing] };
      const before = view.parts[edit.part - 1]!.info;
      const given = Object.values(edit.changes).some((value) => value !== undefined);
      if (!given)
        return {
          ok: false,
          problems: [
            invalid(
              'No change of the part was given, so there is nothing to set.',
              'Give at least one of name, abbreviation, instrument or transposition.',
            ),
          ],
        };
      if (edit.changes.clefs !== undefined && edit.changes.clefs.length !== before.staves) {
        const staves = before.staves === 1 ? '1 staff' : `${before.staves} staves`;
        const fix = `Choose an instrument with ${staves}, or add a part for the new instrument (add_part) and remove this one (remove_part).`;
        const message = `Part ${edit.part} has ${staves}, and a part keeps its staves; ${edit.changes.clefs.length} clefs were given.`;
        return { ok: false, problems: [invalid(message, fix)] };
      }
      const after = changedInfo(before, edit.changes);
      const problems = infoProblems(after);
      if (problems.length > 0) return { ok: false, problems };
      const words = changeWords(before, after);
      return {
        ok: true,
        planned: {
          kind: 'set-part',
          writes: words.length > 0 ? [{ op: 'part', part: edit.part, info: after }] : [],
          words: `part ${edit.part}: ${words.length > 0 ? words.join(', ') : 'no change'}`,
          part: edit.part,
        },
      };
    }
    case 'move': {
      const missing = partProblem(view, edit.part, 'move');
      if (missing) return { ok: false, problems: [missing] };
      if (!Number.isInteger(edit.to) || edit.to < 1 || edit.to > count)
        return {
          ok: false,
          problems: [
            invalid(
              `Part ${edit.part} cannot move to ${edit.to}.`,
              `Give a position from 1 to ${count}.`,
            ),
          ],
        };
      const info = view.parts[edit.part - 1]!.info;
      return {
        ok: true,
        planned: {
          kind: 'move-part',
          writes: edit.to === edit.part ? [] : [{ op: 'move-part', from: edit.part, to: edit.to }],
          words: `part ${edit.part} "${info.name}", moved to ${edit.to}`,
          part: edit.to,
        },
      };
    }
  }
}

/**
 * Plans a change of the part list: add a part (rests in every measure),
 * remove one with its music (never the last), change one's name,
 * abbreviation, opening clefs, MIDI program or transposition (its staves
 * stay), or move one. The plan's `partEdit` says what changes in words;
 * removing lists the part's music in `dropped`. With a revision it is
 * refused as stale when the part list changed since (parts added, removed,
 * moved or changed).
 *
 * @example
 * ```ts
 * const planned = planPartEdit(score, { edit: { kind: 'move', part: 3, to: 1 } });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planPartEdit(score: Score, request: PartEditRequest): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const made = planned(view, request.edit);
  if (!made.ok) return made;
  const targets = { units: [], measures: [], lastIndex: 0, partList: true as const };
  const stale = revisionProblems(view, request.revision, targets);
  if (stale.length > 0) return { ok: false, problems: stale };
  const { kind, writes, words, part, dropped } = made.planned;
  const partCount = view.parts.length + (kind === 'add-part' ? 1 : kind === 'remove-part' ? -1 : 0);
  return {
    ok: true,
    plan: steadyPlan(score, view, {
      kind,
      range: { start: 1, end: view.measureCount },
      parts: [Math.min(part, partCount)],
      dropped:
        dropped === undefined
          ? []
          : [
              {
                lane: `P${(request.edit as { part: number }).part}`,
                marks: [],
                message: dropped,
                attachments: null,
              },
            ],
      writes,
      targets,
      partEdit: words,
    }),
  };
}
