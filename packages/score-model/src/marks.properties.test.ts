import { fc, test } from '@fast-check/vitest';
import {
  type Lane,
  type LaneEvent,
  type LaneMark,
  type LyricLine,
  serialize,
} from '@scorelane/lanes-seq';
import { describe, expect } from 'vitest';
import { apply } from './apply-plan.ts';
import {
  arbitraryValidRewrite,
  PROPERTY_SCORE,
  type ValidRewrite,
} from './arbitrary-rewrite.test-support.ts';
import { scoreOf, stateVector } from './fixtures.test-support.ts';
import { lyricSlots } from './lyric-slots.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';

/** Mark sets any note or chord may take, each a valid canonical set. */
const ON_NOTES: readonly (readonly LaneMark[])[] = [
  [],
  [],
  [{ kind: 'articulation', name: 'staccato' }],
  [
    { kind: 'articulation', name: 'tenuto' },
    { kind: 'articulation', name: 'accent' },
  ],
  [{ kind: 'dynamic', name: 'p' }],
  [{ kind: 'chord-symbol', root: { step: 'A', alter: 0 }, quality: 'm' }],
  [{ kind: 'fermata' }],
  [{ kind: 'text', text: 'dolce', placement: 'above' }],
];
/** Mark sets a rest may take. */
const ON_RESTS: readonly (readonly LaneMark[])[] = [
  [],
  [{ kind: 'fermata' }],
  [{ kind: 'dynamic', name: 'f' }],
];

const SYLLABLES = ['la', 'Freu', 'schö', 'ner'];

interface Decoration {
  readonly picks: readonly number[];
  readonly slur: boolean;
  readonly lyrics: boolean;
}

/** A lane's events with marks picked for each, a slur over its notes, and a lyric line. */
function decorate(lane: Lane, decoration: Decoration): { lane: Lane; line?: LyricLine } {
  const sounding = lane.events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => (event.kind === 'note' || event.kind === 'chord') && !event.grace);
  const events = lane.events.map((event, index): LaneEvent => {
    const pick = decoration.picks[index % decoration.picks.length] ?? 0;
    const choices = event.kind === 'rest' || event.kind === 'space' ? ON_RESTS : ON_NOTES;
    let marks: LaneMark[] = event.grace ? [] : [...choices[pick % choices.length]!];
    if (decoration.slur && sounding.length >= 2) {
      if (index === sounding[0]!.index)
        marks = [...marks, { kind: 'slur', type: 'start', level: 1 }];
      if (index === sounding[sounding.length - 1]!.index)
        marks = [{ kind: 'slur', type: 'stop', level: 1 }, ...marks];
    }
    return marks.length > 0 ? { ...event, marks } : event;
  });
  const decorated = { ...lane, events };
  // One fewer syllable than slots: the first note may continue a tie from the measure before.
  const slots = Math.max(0, lyricSlots(lane.events, []).length - 1);
  if (!decoration.lyrics || slots === 0) return { lane: decorated };
  const { part, staff, voice, measure } = lane;
  const line: LyricLine = {
    part,
    staff,
    voice,
    measure,
    verse: 1,
    slots: Array.from({ length: slots }, (_, slot) => ({
      text: SYLLABLES[slot % SYLLABLES.length]!,
      hyphen: false,
      extend: false,
    })),
  };
  return { lane: decorated, line };
}

const decoration: fc.Arbitrary<Decoration> = fc.record({
  picks: fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 6 }),
  slur: fc.boolean(),
  lyrics: fc.boolean(),
});

/** A valid rewrite of PROPERTY_SCORE with marks, a slur and lyric lines on its lanes. */
const markedRewrite = arbitraryValidRewrite.chain((rewrite) =>
  fc
    .array(decoration, { minLength: rewrite.lanes.length, maxLength: rewrite.lanes.length })
    .map((decorations) => {
      const decorated = rewrite.lanes.map((lane, index) => decorate(lane, decorations[index]!));
      const lanes = decorated.map((entry) => entry.lane);
      const lyrics = decorated.flatMap((entry) => (entry.line ? [entry.line] : []));
      const text = serialize(lyrics.length > 0 ? { lanes, lyrics } : { lanes });
      return { notes: rewrite, marked: { ...rewrite, lanes, text } };
    }),
);

function written(rewrite: ValidRewrite): Score {
  const score = scoreOf(PROPERTY_SCORE);
  const planned = plan(score, { start: rewrite.start, parts: rewrite.parts, text: rewrite.text });
  if (!planned.ok) throw new Error(planned.problems.map((p) => p.message).join('\n'));
  apply(score, planned.plan);
  return score;
}

function readLanes(score: Score, rewrite: ValidRewrite): string {
  const read = readMeasures(score, {
    start: rewrite.start,
    end: rewrite.end,
    parts: rewrite.parts,
  });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

describe('marks, as laws', () => {
  test.prop([markedRewrite], { numRuns: 60 })(
    'reading any range of a score with marks and writing the text back changes nothing',
    ({ marked }) => {
      const score = written(marked);
      for (const [start, end] of [
        [1, 6],
        [marked.start, marked.end],
      ] as const) {
        const read = readMeasures(score, { start, end });
        if (!read.ok) throw new Error('read failed');
        const before = stateVector(score);
        const planned = plan(score, { start, text: read.text, revision: read.revision });
        if (!planned.ok) throw new Error(planned.problems.map((p) => p.message).join('\n'));
        expect(planned.plan.changes.every((change) => change.unchanged === true)).toBe(true);
        expect(planned.plan.dropped).toEqual([]);
        apply(score, planned.plan);
        expect(stateVector(score)).toEqual(before);
      }
    },
  );

  test.prop([markedRewrite], { numRuns: 60 })(
    'marks written then read back give the same text',
    ({ marked }) => {
      expect(readLanes(written(marked), marked)).toBe(marked.text);
    },
  );

  test.prop([markedRewrite], { numRuns: 60 })(
    'a read of a score with marks, written into the same notes without marks, gives them the marks',
    ({ notes, marked }) => {
      const withMarks = written(marked);
      const without = written(notes);
      const read = readMeasures(withMarks, {
        start: marked.start,
        end: marked.end,
        parts: marked.parts,
      });
      if (!read.ok) throw new Error('read failed');
      const planned = plan(without, { start: marked.start, parts: marked.parts, text: read.text });
      if (!planned.ok) throw new Error(planned.problems.map((p) => p.message).join('\n'));
      apply(without, planned.plan);
      expect(readLanes(without, marked)).toBe(read.lanes);
    },
  );
});
