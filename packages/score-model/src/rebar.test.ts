import { parse } from '@scorelane/lanes-seq';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { laneLines as lanesOf, SMALL, scoreOf, stateVector } from './fixtures.test-support.ts';
import { scoreTypes } from './layout.ts';
import { readMeasures } from './read-measures.ts';
import type { Score } from './score.ts';
import { scoreInfo } from './score-info.ts';
import { planSetTime } from './signatures.ts';

/** A one-part score of `measures` measures in 4/4, then 2/4 from `twoFourFrom` if given. */
function violin(lanes: string, measures: number, twoFourFrom?: number): Score {
  const times = twoFourFrom === undefined ? '' : `%% time m${twoFourFrom} 2/4\n`;
  return scoreOf(
    `%% part P1 name="Violin" staves=1 clefs=treble\n%% measures ${measures}\n%% time m1 4/4\n${times}%% key m1 C major\n${lanes}`,
    new Y.Doc(),
    'agent',
  );
}

function rebar(score: Score, measure: number, beats: number, beatType: number, allow = true) {
  return planSetTime(score, {
    measure,
    time: { beats, beatType },
    rebar: true,
    allowMeasureCountChange: allow,
  });
}

describe('set the time with rebar: the music re-barred', () => {
  it('cuts notes at the new bar lines into tied notes, and fills the last measure with rests', () => {
    const score = violin('P1 s1 v1 m1: C4=1/4 D4 E4=1/2\nP1 s1 v1 m2: F4=1/2 G4\n', 2);
    const planned = rebar(score, 1, 3, 4);
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.range).toEqual({ start: 1, end: 3 });
    expect(planned.plan.addedMeasures).toBe(1);
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(scoreInfo(score).measureCount).toBe(3);
    expect(lanesOf(score, 1, 3)).toEqual([
      'P1 s1 v1 m1: C4=1/4 D4 E4~',
      'P1 s1 v1 m2: E4=1/4 F4=1/2',
      'P1 s1 v1 m3: G4=1/2 r=1/4',
    ]);
  });

  it('is refused without allow_measure_count_change when the count would change, naming the call that succeeds, and changes nothing', () => {
    const score = violin('P1 s1 v1 m1: C4=1/4 D4 E4 F4\nP1 s1 v1 m2: G4=1\n', 2);
    const before = stateVector(score);
    const planned = rebar(score, 1, 3, 4, false);
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.problems).toHaveLength(1);
    expect(planned.problems[0]).toMatchObject({ code: 'measure-count-change' });
    expect(planned.problems[0]!.message).toContain('gives 3 measures, 1 more');
    expect(planned.problems[0]!.fix).toContain('allow_measure_count_change: true');
    expect(stateVector(score)).toEqual(before);
    // Following the fix succeeds.
    expect(rebar(score, 1, 3, 4, true).ok).toBe(true);
  });

  it('keeps the count when the music fills the new measures, and needs no flag then', () => {
    const score = violin('P1 s1 v1 m1: C4=1/2 D4\nP1 s1 v1 m2: E4=1/2 F4\n', 2);
    const planned = rebar(score, 1, 2, 2, false);
    expect(planned.ok).toBe(true);
    const halves = violin(
      'P1 s1 v1 m1: C4=1/4 D4 E4 F4\nP1 s1 v1 m2: G4=1/4 A4 B4 C5\nP1 s1 v1 m3: D5=1\n',
      3,
    );
    const twoFour = rebar(halves, 1, 2, 4, true);
    if (!twoFour.ok) throw new Error(twoFour.problems[0]?.message);
    apply(halves, twoFour.plan);
    expect(scoreInfo(halves).measureCount).toBe(6);
    expect(lanesOf(halves, 5, 6)).toEqual(['P1 s1 v1 m5: D5=1/2~', 'P1 s1 v1 m6: D5=1/2']);
  });

  it('re-bars only up to the next change of time: later measures move, keeping their music and time', () => {
    const score = violin(
      'P1 s1 v1 m1: C4=1\nP1 s1 v1 m2: D4=1\nP1 s1 v1 m3: E4=1/2\nP1 s1 v1 m4: F4=1/2\n',
      4,
      3,
    );
    const planned = rebar(score, 1, 3, 4);
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    apply(score, planned.plan);
    const info = scoreInfo(score);
    expect(info.measureCount).toBe(5);
    expect(lanesOf(score, 1, 5)).toEqual([
      'P1 s1 v1 m1: C4=3/4~',
      'P1 s1 v1 m2: C4=1/4 D4=1/2~',
      'P1 s1 v1 m3: D4=1/2 r=1/4',
      'P1 s1 v1 m4: E4=1/2',
      'P1 s1 v1 m5: F4=1/2',
    ]);
    const read = readMeasures(score, { start: 1, end: 5 });
    if (!read.ok) throw new Error('read failed');
    expect(read.context.times).toEqual([
      { measure: 1, beats: 3, beatType: 4 },
      { measure: 4, beats: 2, beatType: 4 },
    ]);
  });

  it('keeps marks where they start and ends where they end: a slur over the cut note, a lyric on its first piece', () => {
    const score = violin(
      'P1 s1 v1 m1: C4=1/2( D4)\\fermata\nP1 s1 v1 m1 w1: la lo\nP1 s1 v1 m2: E4=1\n',
      2,
    );
    const planned = rebar(score, 1, 3, 4);
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    apply(score, planned.plan);
    expect(lanesOf(score, 1, 2).slice(0, 2)).toEqual([
      'P1 s1 v1 m1: C4=1/2( D4=1/4~',
      'P1 s1 v1 m2: D4=1/4)\\fermata E4=1/2~',
    ]);
    const read = readMeasures(score, { start: 1, end: 1 });
    expect(read.ok && read.lanes).toContain('w1: la lo');
  });

  it('cuts through a triplet into tuplet pieces that still make whole groups', () => {
    const score = violin('P1 s1 v1 m1: C4=1/4 D4 E4=1/6 F4 G4\nP1 s1 v1 m2: A4=1\n', 2);
    const planned = rebar(score, 1, 3, 4);
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    apply(score, planned.plan);
    expect(lanesOf(score, 1, 3)).toEqual([
      'P1 s1 v1 m1: C4=1/4 D4 E4=1/6 F4=1/12~',
      'P1 s1 v1 m2: F4=1/12 G4=1/6 A4=1/2~',
      'P1 s1 v1 m3: A4=1/2 r=1/4',
    ]);
  });

  it('re-bars every part, staff and voice: a second voice stays where it sounds, a tie across the old bar line stays', () => {
    const score = scoreOf(SMALL, new Y.Doc(), 'agent');
    const planned = rebar(score, 1, 2, 4);
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    apply(score, planned.plan);
    expect(scoreInfo(score).measureCount).toBe(8);
    const lanes = lanesOf(score, 1, 8);
    expect(lanes.filter((lane) => lane.startsWith('P2 s1 v2'))).toEqual([
      'P2 s1 v2 m3: A3=1/2',
      'P2 s1 v2 m4: A3=1/2',
    ]);
    expect(lanes).toContain('P1 s1 v1 m4: B4=1/2~');
    expect(lanes).toContain('P1 s1 v1 m5: B4=1/4 A4');
    expect(lanes).toContain('P2 s2 v1 m8: G2=1/2');
  });

  it('writes nothing when the time is already in force (no empty undo step)', () => {
    const score = violin('P1 s1 v1 m1: C4=1\n', 1);
    const planned = rebar(score, 1, 4, 4);
    expect(planned.ok && planned.plan.writes).toEqual([]);
  });
});

/** A voice's music as (pitch, onset, length) with tied pieces joined, and where it ends. */
function music(score: Score): string[] {
  const info = scoreInfo(score);
  const read = readMeasures(score, { start: 1, end: info.measureCount });
  if (!read.ok) throw new Error('read failed');
  const parsed = parse(read.lanes);
  if (!parsed.ok) throw new Error(parsed.issues[0]?.message);
  const notes: string[] = [];
  let at = 0;
  let tiedFrom: string | undefined;
  for (const lane of parsed.document.lanes) {
    for (const event of lane.events) {
      const length = event.duration.num / event.duration.den;
      if (event.kind === 'note') {
        const pitch = `${event.pitch.step}${event.pitch.alter}${event.pitch.octave}`;
        if (tiedFrom !== undefined) {
          const [, start, held] = tiedFrom.split('@');
          notes[notes.length - 1] = `${pitch}@${start}@${Number(held) + length}`;
        } else notes.push(`${pitch}@${at}@${length}`);
        tiedFrom = event.tie ? notes[notes.length - 1] : undefined;
      }
      at += length;
    }
  }
  return notes;
}

describe('re-barring keeps the music (fast-check)', () => {
  it('every note sounds at the same time for as long after re-barring; undo gives the state back', () => {
    const value = fc.constantFrom('1/8', '1/4', '3/8', '1/2');
    const step = fc.constantFrom('C4', 'D4', 'E4', 'G4', 'A4');
    // A voice of 2-5 measures of 4/4 made of eighths to halves, each measure filled.
    const measureOf = fc
      .array(fc.tuple(step, value), { minLength: 1, maxLength: 8 })
      .map((notes) => {
        const out: string[] = [];
        let left = 8;
        for (const [pitch, length] of notes) {
          const eighths = { '1/8': 1, '1/4': 2, '3/8': 3, '1/2': 4 }[length]!;
          if (eighths > left) break;
          out.push(`${pitch}=${length}`);
          left -= eighths;
        }
        for (; left > 0; left--) out.push('C5=1/8');
        return out.join(' ');
      });
    const time = fc.constantFrom([2, 4], [3, 4], [6, 8], [5, 4], [3, 8], [7, 8]);
    fc.assert(
      fc.property(
        fc.array(measureOf, { minLength: 2, maxLength: 5 }),
        time,
        (bars, [beats, beatType]) => {
          const lanes = bars.map((bar, index) => `P1 s1 v1 m${index + 1}: ${bar}\n`).join('');
          const score = violin(lanes, bars.length);
          const before = music(score);
          const text = lanesOf(score, 1, bars.length);
          const undo = new Y.UndoManager(Object.values(scoreTypes(score.doc)), {
            trackedOrigins: new Set(['agent']),
            captureTimeout: 0,
          });
          const planned = rebar(score, 1, beats!, beatType!);
          if (!planned.ok) throw new Error(planned.problems[0]?.message);
          expect(apply(score, planned.plan).ok).toBe(true);
          expect(music(score)).toEqual(before);
          undo.undo();
          expect(scoreInfo(score).measureCount).toBe(bars.length);
          expect(lanesOf(score, 1, bars.length)).toEqual(text);
        },
      ),
      { numRuns: 60 },
    );
  });
});
