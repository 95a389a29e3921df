/**
 * Spans (slurs, hairpins, octave lines, pedal) must open and close in the
 * same part, staff and voice. A write is judged on the score as it would be
 * after it: a slur may end in a measure after the range that already holds
 * its stop. Only the spans a write's units start or stop are reported, so a
 * score's own loose ends never block an edit elsewhere.
 */
import { add, compare, formatMark, type LaneMark, type Rational, ZERO } from '@scorelane/lanes-seq';
import type { Problem } from './problem.ts';
import type { ProblemList } from './problem-list.ts';
import type { UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';

/** Where a mark of a written unit stands in the text: `{}` when the text does not show it. */
export type MarkLocator = (
  at: { part: number; staff: number; voice: number; measure: number; event?: number },
  mark: LaneMark,
) => Pick<Problem, 'line' | 'column'>;

type SpanKind = 'slur 1' | 'slur 2' | 'hairpin' | 'octave-line' | 'pedal';

/** A mark's span kind and end, or `undefined` for a mark that is no span end. */
function spanEnd(mark: LaneMark): { kind: SpanKind; end: 'start' | 'stop' } | undefined {
  switch (mark.kind) {
    case 'slur':
      return { kind: `slur ${mark.level}`, end: mark.type };
    case 'hairpin':
      return { kind: 'hairpin', end: mark.type === 'stop' ? 'stop' : 'start' };
    case 'octave-line':
      return { kind: 'octave-line', end: mark.type === 'stop' ? 'stop' : 'start' };
    case 'pedal':
      return { kind: 'pedal', end: mark.type };
    default:
      return undefined;
  }
}

const STOP_TEXT: Record<SpanKind, string> = {
  'slur 1': ')',
  'slur 2': '\\)',
  hairpin: '\\!',
  'octave-line': '\\loco',
  pedal: '\\pedup',
};

const NAMES: Record<SpanKind, string> = {
  'slur 1': 'slur',
  'slur 2': 'phrasing slur',
  hairpin: 'hairpin',
  'octave-line': 'octave line',
  pedal: 'pedal',
};

interface Place {
  readonly measure: number;
  readonly event?: number;
  readonly mark: LaneMark;
  readonly changed: boolean;
}

/** The span marks of one voice in one unit, in time order: events' marks, `@` items' between. */
function spanMarks(
  content: UnitContent | undefined,
  voice: number,
  measure: number,
  changed: boolean,
) {
  const held = content?.voices.find((candidate) => candidate.voice === voice);
  if (!held) return [];
  const items: { onset: Rational; order: number; place: Place }[] = [];
  let onset = ZERO;
  held.events.forEach((event, index) => {
    for (const mark of event.marks ?? [])
      if (spanEnd(mark))
        items.push({
          onset,
          order: items.length,
          place: { measure, event: index + 1, mark, changed },
        });
    if (!event.grace) onset = add(onset, event.duration);
  });
  for (const item of held.onsetMarks ?? [])
    for (const mark of item.marks)
      if (spanEnd(mark))
        items.push({ onset: item.onset, order: items.length, place: { measure, mark, changed } });
  return items
    .sort((a, b) => compare(a.onset, b.onset) || a.order - b.order)
    .map((item) => item.place);
}

/** A span end a write leaves loose, at a mark of a written unit. */
export interface SpanFinding {
  readonly code: 'span-without-end' | 'span-without-start' | 'span-overlap';
  readonly at: { part: number; staff: number; voice: number; measure: number; event?: number };
  readonly mark: LaneMark;
  readonly message: string;
  readonly fix: string;
}

/**
 * Checks the spans of every voice a write touches over the whole score with
 * `written` (keyed `part/staff/measure`) in place, reporting at the marks of
 * written units `span-without-end`, `span-without-start` and `span-overlap`.
 *
 * @example
 * ```ts
 * checkSpans(view, newContents, locate, problems);
 * ```
 */
export function checkSpans(
  view: ScoreView,
  written: ReadonlyMap<string, UnitContent>,
  locate: MarkLocator,
  problems: ProblemList,
): void {
  for (const finding of spanFindings(view, written)) {
    const { part, staff, voice, measure } = finding.at;
    problems.push({
      code: finding.code,
      lane: `P${part} s${staff} v${voice} m${measure}`,
      ...locate(finding.at, finding.mark),
      message: finding.message,
      fix: finding.fix,
    });
  }
}

/**
 * The loose span ends of every voice a write touches (see {@link checkSpans}).
 *
 * @example
 * ```ts
 * spanFindings(view, newContents).map((finding) => finding.code); // ['span-without-end']
 * ```
 */
export function spanFindings(
  view: ScoreView,
  written: ReadonlyMap<string, UnitContent>,
): SpanFinding[] {
  const findings: SpanFinding[] = [];
  // Only a voice whose written units hold span ends now or held them before
  // can change what is open where: the others are not walked, so a write
  // without spans costs what it changes.
  const chains = new Set<string>();
  for (const [key, content] of written) {
    const [part, staff, measure] = key.split('/').map(Number) as [number, number, number];
    const before = view.unit(part, staff, measure)?.content;
    for (const voice of [...content.voices, ...(before?.voices ?? [])]) {
      if (
        spanMarks(content, voice.voice, measure, true).length > 0 ||
        spanMarks(before, voice.voice, measure, false).length > 0
      )
        chains.add(`${part}/${staff}/${voice.voice}`);
    }
  }
  for (const chain of chains) {
    const [part, staff, voice] = chain.split('/').map(Number) as [number, number, number];
    const lane = (measure: number) => `P${part} s${staff} v${voice} m${measure}`;
    const report = (place: Place, code: SpanFinding['code'], message: string, fix: string) => {
      if (!place.changed) return;
      const at = {
        part,
        staff,
        voice,
        measure: place.measure,
        ...(place.event ? { event: place.event } : {}),
      };
      findings.push({ code, at, mark: place.mark, message, fix });
    };
    const open = new Map<SpanKind, Place>();
    const count = Math.max(
      view.measureCount,
      ...[...written.keys()].map((key) => Number(key.split('/')[2])),
    );
    for (let measure = 1; measure <= count; measure++) {
      const key = `${part}/${staff}/${measure}`;
      const changed = written.has(key);
      const content = changed ? written.get(key) : view.unit(part, staff, measure)?.content;
      for (const place of spanMarks(content, voice, measure, changed)) {
        const end = spanEnd(place.mark)!;
        const text = formatMark(place.mark);
        const where = place.event
          ? `event ${place.event} of ${lane(place.measure)}`
          : lane(place.measure);
        const started = open.get(end.kind);
        if (end.end === 'stop') {
          if (started) open.delete(end.kind);
          else
            report(
              place,
              'span-without-start',
              `The ${text} on ${where} ends a ${NAMES[end.kind]} that no earlier note of P${part} s${staff} v${voice} starts.`,
              `Remove ${text}, or start the ${NAMES[end.kind]} on an earlier note of the same voice.`,
            );
          continue;
        }
        if (started) {
          report(
            place,
            'span-overlap',
            `The ${text} on ${where} starts a ${NAMES[end.kind]} while the one from ${lane(started.measure)} is still open.`,
            `End the first one before: write ${STOP_TEXT[end.kind]} on the note where it ends, or remove ${text}.`,
          );
        }
        open.set(end.kind, place);
      }
    }
    for (const [kind, place] of open) {
      const text = formatMark(place.mark);
      const where = place.event
        ? `event ${place.event} of ${lane(place.measure)}`
        : lane(place.measure);
      report(
        place,
        'span-without-end',
        `The ${text} on ${where} starts a ${NAMES[kind]} that never ends in P${part} s${staff} v${voice}.`,
        `End it: write ${STOP_TEXT[kind]} on the note of the same voice where it ends, or remove ${text}.`,
      );
    }
  }
  return findings;
}

/** `content` without `mark` at `at` (an event's mark, or one of an `@` item). */
function withoutMark(content: UnitContent, at: SpanFinding['at'], mark: LaneMark): UnitContent {
  const same = (held: LaneMark) => JSON.stringify(held) === JSON.stringify(mark);
  return {
    ...content,
    voices: content.voices.map((voice) => {
      if (voice.voice !== at.voice) return voice;
      if (at.event !== undefined) {
        const events = voice.events.map((event, index) => {
          if (index !== at.event! - 1) return event;
          const marks = (event.marks ?? []).filter((held) => !same(held));
          const { marks: _, ...rest } = event;
          return (marks.length > 0 ? { ...rest, marks } : rest) as typeof event;
        });
        return { ...voice, events };
      }
      const onsetMarks = (voice.onsetMarks ?? [])
        .map((item) => ({ ...item, marks: item.marks.filter((held) => !same(held)) }))
        .filter((item) => item.marks.length > 0);
      const { onsetMarks: _, ...rest } = voice;
      return onsetMarks.length > 0 ? { ...rest, onsetMarks } : rest;
    }),
  };
}

/**
 * For a notes-only rewrite, which writes no mark: the span ends it carried
 * whose other end it removed are removed too, and returned, so that the
 * rewrite never leaves a slur or hairpin half there. `written` is updated.
 *
 * @example
 * ```ts
 * const loose = dropLooseSpans(view, finals); // [{ at: { ..., event: 4 }, mark: { kind: 'slur', type: 'stop', level: 1 } }]
 * ```
 */
export function dropLooseSpans(
  view: ScoreView,
  written: Map<string, UnitContent>,
): { at: SpanFinding['at']; mark: LaneMark }[] {
  const dropped: { at: SpanFinding['at']; mark: LaneMark }[] = [];
  // Each round removes at least one mark, so this ends; a removal may loosen its partner.
  for (;;) {
    const findings = spanFindings(view, written);
    if (findings.length === 0) return dropped;
    for (const { at, mark } of findings) {
      const key = `${at.part}/${at.staff}/${at.measure}`;
      written.set(key, withoutMark(written.get(key)!, at, mark));
      dropped.push({ at, mark });
    }
  }
}
