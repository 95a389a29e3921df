import { fc, test } from '@fast-check/vitest';
import { parseMidi } from 'midi-file';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { arbitraryValidRewrite, PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import {
  arbitraryBarlines,
  keyOfMeasure,
  scoreWithBarlines,
} from './barline-scores.test-support.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { exportMidi } from './midi-export.ts';
import { plan } from './plan-rewrite.ts';
import { playOrder } from './play-order.ts';
import { createScore } from './score.ts';
import { scoreContent } from './score-content.ts';
import type { Transposition } from './transposition.ts';

/** Note-ons and note-offs of a parsed track as [absolute tick, key, on?]. */
function noteEvents(track: ReturnType<typeof parseMidi>['tracks'][number]) {
  let tick = 0;
  const events: { tick: number; key: number; on: boolean; channel: number }[] = [];
  for (const event of track) {
    tick += event.deltaTime;
    if (event.type === 'noteOn' && event.velocity > 0)
      events.push({ tick, key: event.noteNumber, on: true, channel: event.channel });
    if (event.type === 'noteOff' || (event.type === 'noteOn' && event.velocity === 0)) {
      events.push({ tick, key: event.noteNumber, on: false, channel: event.channel });
    }
  }
  return events;
}

/**
 * Pairs note-ons with their note-offs: [key, start tick, end tick]. Two voices
 * may sound one key at once, so each key keeps a queue of starts.
 */
function notesOf(
  track: ReturnType<typeof parseMidi>['tracks'][number],
): [number, number, number][] {
  const open = new Map<number, number[]>();
  const notes: [number, number, number][] = [];
  for (const event of noteEvents(track)) {
    const starts = open.get(event.key) ?? [];
    if (event.on) open.set(event.key, [...starts, event.tick]);
    else {
      expect(
        starts.length,
        `note-off for key ${event.key} at ${event.tick} has no note-on`,
      ).toBeGreaterThan(0);
      notes.push([event.key, starts[0]!, event.tick]);
      open.set(event.key, starts.slice(1));
    }
  }
  return notes.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

describe('exportMidi, read back by an independent MIDI reader (midi-file)', () => {
  const score = scoreOf(SMALL);
  const midi = exportMidi(score);
  const file = parseMidi(midi.bytes);

  it('writes format 1 with a conductor track and one track per part', () => {
    expect(file.header.format).toBe(1);
    expect(file.header.numTracks).toBe(3);
    expect(file.header.ticksPerBeat).toBe(midi.ticksPerQuarter);
    const names = file.tracks.map((track) => track.find((event) => event.type === 'trackName'));
    expect(names.map((event) => (event as { text: string }).text)).toEqual([
      'Small',
      'Violin',
      'Piano',
    ]);
  });

  it('writes the tempo, time signature and key signature', () => {
    const conductor = file.tracks[0]!;
    expect(conductor).toContainEqual(
      expect.objectContaining({ type: 'setTempo', microsecondsPerBeat: 500_000 }),
    );
    expect(conductor).toContainEqual(
      expect.objectContaining({ type: 'timeSignature', numerator: 4, denominator: 4 }),
    );
    expect(conductor).toContainEqual(
      expect.objectContaining({ type: 'keySignature', key: 1, scale: 0 }),
    );
  });

  it('sounds a tie across the bar line as one note', () => {
    const q = midi.ticksPerQuarter;
    // Violin: G4 A4 B4 C5 | D5=1/2 B4=1/2~ | B4=1/4 A4=1/4 G4=1/2 | G4=1
    expect(notesOf(file.tracks[1]!)).toEqual([
      [67, 0, q],
      [69, q, 2 * q],
      [71, 2 * q, 3 * q],
      [72, 3 * q, 4 * q],
      [74, 4 * q, 6 * q],
      [71, 6 * q, 9 * q],
      [69, 9 * q, 10 * q],
      [67, 10 * q, 12 * q],
      [67, 12 * q, 16 * q],
    ]);
  });

  it('puts each part on its own channel', () => {
    expect(new Set(noteEvents(file.tracks[1]!).map((event) => event.channel))).toEqual(
      new Set([0]),
    );
    expect(new Set(noteEvents(file.tracks[2]!).map((event) => event.channel))).toEqual(
      new Set([1]),
    );
  });

  it('times triplets and a pickup exactly', () => {
    const tuplets = scoreOf(`%% part P1 name="Flute" staves=1 clefs=treble
%% time m1 3/4
%% key m1 C major
%% pickup m1 1/4
P1 s1 v1 m1: E5=1/12 D5=1/12 C5=1/12
P1 s1 v1 m2: G4=1/2 r=1/4
`);
    const result = exportMidi(tuplets);
    expect(result.exact).toBe(true);
    const q = result.ticksPerQuarter;
    expect(q % 3).toBe(0);
    expect(notesOf(parseMidi(result.bytes).tracks[1]!)).toEqual([
      [76, 0, q / 3],
      [74, q / 3, (2 * q) / 3],
      [72, (2 * q) / 3, q],
      [67, q, 3 * q],
    ]);
  });

  it('lists pitches MIDI cannot play instead of writing them', () => {
    const low = scoreOf(`%% part P1 name="Organ" staves=1 clefs=bass
%% time m1 2/4
%% key m1 C major
P1 s1 v1 m1: Cb-1=1/4 C-1=1/4
`);
    const result = exportMidi(low);
    expect(result.unplayable).toEqual([{ part: 1, staff: 1, voice: 1, measure: 1, pitch: 'Cb-1' }]);
    expect(notesOf(parseMidi(result.bytes).tracks[1]!)).toEqual([
      [0, result.ticksPerQuarter, 2 * result.ticksPerQuarter],
    ]);
  });

  it('refuses a velocity or tempo it cannot write, as misuse', () => {
    expect(() => exportMidi(score, { velocity: 0 })).toThrow(RangeError);
    expect(() => exportMidi(score, { tempo: -1 })).toThrow(RangeError);
  });

  test.prop([arbitraryValidRewrite], { numRuns: 60 })(
    'every note-on has its note-off, and nothing sounds past the end of the score',
    (rewrite) => {
      const doc = new Y.Doc();
      const rewritten = scoreOf(PROPERTY_SCORE, doc);
      const planned = plan(rewritten, rewrite);
      if (planned.ok) apply(rewritten, planned.plan);
      const result = exportMidi(rewritten);
      const parsed = parseMidi(result.bytes);
      // 1/4 pickup + 2 x 4/4 + 3 x 3/4 = 4.5 whole notes
      const end = 4.5 * 4 * result.ticksPerQuarter;
      for (const track of parsed.tracks.slice(1)) {
        const events = noteEvents(track);
        expect(events.filter((event) => event.on).length).toBe(
          events.filter((event) => !event.on).length,
        );
        for (const [, start, stop] of notesOf(track)) {
          expect(stop).toBeGreaterThan(start);
          expect(stop).toBeLessThanOrEqual(end);
        }
      }
    },
  );
});

describe('exportMidi of transposing parts: written pitch plus the transposition', () => {
  const written = scoreOf(`%% part P1 name="Clarinet in B-flat" staves=1 clefs=treble
%% part P2 name="Double Bass" staves=1 clefs=bass
%% time m1 2/4
%% key m1 C major
P1 s1 v1 m1: D5=1/4 E5=1/4
P2 s1 v1 m1: C3=1/2
`);
  const withTranspositions = (clarinet: Transposition, bass: Transposition) => {
    const content = scoreContent(written);
    const [first, second] = content.parts;
    return createScore(new Y.Doc(), {
      ...content,
      parts: [
        { ...first!, transposition: clarinet },
        { ...second!, transposition: bass },
      ],
    });
  };

  it('sounds a B-flat clarinet a major second below and a double bass an octave below what is written', () => {
    const score = withTranspositions(
      { chromatic: -2, diatonic: -1 },
      { chromatic: 0, diatonic: 0, octaveChange: -1 },
    );
    const file = parseMidi(exportMidi(score).bytes);
    const q = exportMidi(score).ticksPerQuarter;
    expect(notesOf(file.tracks[1]!)).toEqual([
      [72, 0, q],
      [74, q, 2 * q],
    ]);
    expect(notesOf(file.tracks[2]!)).toEqual([[36, 0, 2 * q]]);
  });

  it('lists a written pitch whose sounding pitch MIDI cannot play', () => {
    const score = withTranspositions(
      { chromatic: 0, diatonic: 0 },
      { chromatic: 0, diatonic: 0, octaveChange: -5 },
    );
    expect(exportMidi(score).unplayable).toEqual([
      { part: 2, staff: 1, voice: 1, measure: 1, pitch: 'C3' },
    ]);
  });
});

describe('exportMidi plays repeats', () => {
  /** The tick of the part track's end-of-track event: the length of what it plays. */
  function endTick(track: ReturnType<typeof parseMidi>['tracks'][number]): number {
    return track.reduce((tick, event) => tick + event.deltaTime, 0);
  }

  it('plays a repeated section with two endings twice, and as written with repeats: false', () => {
    const score = scoreWithBarlines([
      { repeatStart: true },
      { end: 'repeat', volta: { numbers: [1], end: 'closed' } },
      { volta: { numbers: [2], end: 'open' } },
    ]);
    const keys = (bytes: Uint8Array) => notesOf(parseMidi(bytes).tracks[1]!).map(([key]) => key);
    expect(keys(exportMidi(score).bytes)).toEqual([1, 2, 1, 3].map(keyOfMeasure));
    expect(keys(exportMidi(score, { repeats: false }).bytes)).toEqual([1, 2, 3].map(keyOfMeasure));
  });

  test.prop([fc.array(arbitraryBarlines, { minLength: 1, maxLength: 8 })], { numRuns: 40 })(
    'sounds the measures in play order, and lasts as long as the measures played',
    (bars) => {
      const score = scoreWithBarlines(bars);
      const midi = exportMidi(score);
      const file = parseMidi(midi.bytes);
      const order = playOrder(score);
      const notes = notesOf(file.tracks[1]!);
      expect(notes.map(([key]) => key)).toEqual(order.map(keyOfMeasure));
      // Each measure is a whole note: four quarters.
      expect(notes.map(([, start]) => start)).toEqual(
        order.map((_, i) => i * 4 * midi.ticksPerQuarter),
      );
      expect(endTick(file.tracks[1]!)).toBe(order.length * 4 * midi.ticksPerQuarter);
    },
  );
});
