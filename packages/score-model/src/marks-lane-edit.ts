/**
 * One lane of a marks-only write onto the voice the score holds: the i-th
 * `*` edits the marks of the voice's i-th event, each `@` item those at its
 * onset. The notes never change.
 */
import {
  compare,
  fitsGrace,
  fitsOnset,
  fitsRest,
  formatMark,
  formatRational,
  type LaneLocation,
  type LaneMark,
  laneKey,
  type MarksLane,
  type OnsetMarks,
  pointAt,
} from '@scorelane/lanes-seq';
import { eventOnsets } from './event-onsets.ts';
import { editMarks, type MarksMode } from './marks-edit.ts';
import type { Problem } from './problem.ts';
import type { ProblemList } from './problem-list.ts';
import type { ScoreEvent, VoiceContent } from './score-types.ts';

/** Where a lane's problems point, and where they go. */
export interface LaneEditContext {
  readonly text: string;
  readonly location: LaneLocation | undefined;
  readonly problems: ProblemList;
}

/** Why `mark` cannot stand on `event`, or `undefined` when it can. */
function misfit(event: ScoreEvent, mark: LaneMark): string | undefined {
  if ((event.kind === 'rest' || event.kind === 'space') && !fitsRest(mark))
    return 'a rest takes no articulation, ornament, technique, tremolo, fingering, arpeggio or slur';
  if (event.grace && !fitsGrace(mark))
    return 'a grace note takes no dynamic, tempo, text, rehearsal mark, chord symbol or fermata';
  if (event.kind === 'chord' && mark.kind === 'fingering')
    return 'a chord takes its fingerings on its notes: rewrite it with rewrite_measures, (C4-1 E4-3)';
  return undefined;
}

function withEventMarks(event: ScoreEvent, marks: readonly LaneMark[]): ScoreEvent {
  const { marks: _, ...rest } = event;
  return (marks.length === 0 ? rest : { ...rest, marks }) as ScoreEvent;
}

/**
 * The voice with the lane's marks written in `mode`; every problem (a `*`
 * past the last event, a mark its event cannot take, a removal that finds
 * nothing, an `@` onset on an event or past the lane) goes to `problems`.
 *
 * @example
 * ```ts
 * editLane(voice, { part: 1, staff: 1, voice: 1, measure: 2, marks: [[{ kind: 'articulation', name: 'staccato' }]] }, 'add', context);
 * ```
 */
export function editLane(
  voice: VoiceContent,
  lane: MarksLane,
  mode: MarksMode,
  context: LaneEditContext,
): VoiceContent {
  const key = laneKey(lane);
  const at = (offset: number | undefined): Pick<Problem, 'line' | 'column'> => {
    if (offset === undefined) return {};
    const point = pointAt(context.text, offset);
    return { line: point.line, column: point.column };
  };
  const refuse = (
    offset: number | undefined,
    code: Problem['code'],
    message: string,
    fix: string,
  ) => context.problems.push({ code, lane: key, ...at(offset), message, fix });
  const events = [...voice.events];
  if (lane.marks.length > events.length) {
    refuse(
      context.location?.eventStarts[events.length],
      'too-many-stars',
      `${key} has ${lane.marks.length} * items, but the voice has ${events.length} event${events.length === 1 ? '' : 's'}.`,
      `Write at most ${events.length} * items, one per event in order (read the measure to count them).`,
    );
  }
  lane.marks.slice(0, events.length).forEach((written, index) => {
    const event = events[index]!;
    const marksAt = context.location?.eventMarks?.[index];
    if (mode !== 'remove') {
      written.forEach((mark, which) => {
        const why = misfit(event, mark);
        if (why !== undefined)
          refuse(
            marksAt?.[which]?.start ?? context.location?.eventStarts[index],
            'mark-does-not-fit',
            `${key} event ${index + 1} cannot take ${formatMark(mark)}: ${why}.`,
            `Remove ${formatMark(mark)} from * ${index + 1}, or put it on another event.`,
          );
      });
    }
    if (written.length === 0 && mode !== 'replace') return;
    const edited = editMarks(event.marks ?? [], written, mode);
    for (const mark of edited.absent) {
      const which = written.indexOf(mark);
      refuse(
        marksAt?.[which]?.start ?? context.location?.eventStarts[index],
        'mark-not-there',
        `${key} event ${index + 1} has no ${formatMark(mark)} to remove.`,
        `Leave ${formatMark(mark)} out of * ${index + 1} (read the measure to see its marks).`,
      );
    }
    events[index] = withEventMarks(event, edited.marks);
  });
  const onsetMarks = editOnsets(
    voice,
    events,
    lane,
    mode,
    context.location,
    (offset, message, fix, code) => refuse(offset, code, message, fix),
  );
  const { onsetMarks: _, ...rest } = voice;
  return onsetMarks.length > 0 ? { ...rest, events, onsetMarks } : { ...rest, events };
}

function editOnsets(
  voice: VoiceContent,
  events: readonly ScoreEvent[],
  lane: MarksLane,
  mode: MarksMode,
  location: LaneLocation | undefined,
  refuse: (offset: number | undefined, message: string, fix: string, code: Problem['code']) => void,
): OnsetMarks[] {
  const key = laneKey(lane);
  let items = [...(voice.onsetMarks ?? [])];
  const { onsets, end } = eventOnsets(events);
  (lane.onsetMarks ?? []).forEach((item, index) => {
    const where = `@${formatRational(item.onset)}`;
    const offset = location?.onsetMarks?.[index]?.start;
    const onEvent = onsets.findIndex((onset) => compare(onset, item.onset) === 0);
    if (onEvent !== -1) {
      refuse(
        offset,
        `${key} ${where} is where event ${onEvent + 1} starts.`,
        `Write its marks on * ${onEvent + 1} instead.`,
        'mark-does-not-fit',
      );
      return;
    }
    if (compare(item.onset, end) >= 0) {
      refuse(
        offset,
        `${key} ${where} is at or past the end of the voice's events (${formatRational(end)}).`,
        `Use an onset between 0 and ${formatRational(end)}.`,
        'mark-does-not-fit',
      );
      return;
    }
    for (const mark of item.marks.filter((candidate) => !fitsOnset(candidate))) {
      refuse(
        offset,
        `${key} ${where} cannot take ${formatMark(mark)}: an onset without an event takes only what a rest takes.`,
        `Put ${formatMark(mark)} on an event.`,
        'mark-does-not-fit',
      );
    }
    const held = items.find((candidate) => compare(candidate.onset, item.onset) === 0);
    const edited = editMarks(held?.marks ?? [], item.marks, mode);
    for (const mark of edited.absent) {
      refuse(
        offset,
        `${key} ${where} has no ${formatMark(mark)} to remove.`,
        `Leave ${formatMark(mark)} out (read the measure to see its marks).`,
        'mark-not-there',
      );
    }
    items = items.filter((candidate) => candidate !== held);
    if (edited.marks.length > 0) items.push({ onset: item.onset, marks: edited.marks });
  });
  return items.sort((a, b) => compare(a.onset, b.onset));
}
