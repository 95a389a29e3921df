import { describe, expect, it } from 'vitest';
import { type ChordEvent, canonicalChord } from './document.ts';
import { parse } from './parse.ts';
import type { Pitch } from './pitch.ts';
import { rational } from './rational.ts';
import { serialize, serializeEvent } from './serialize.ts';

const F4: Pitch = { step: 'F', alter: 0, octave: 4 };
const A4: Pitch = { step: 'A', alter: 0, octave: 4 };
const C5: Pitch = { step: 'C', alter: 0, octave: 5 };

function chord(tie: boolean, ...notes: [Pitch, boolean][]): ChordEvent {
  return {
    kind: 'chord',
    duration: rational(1, 4),
    grace: false,
    tie,
    notes: notes.map(([pitch, noteTie]) => ({ pitch, tie: noteTie })),
  };
}

/** The canonical text of a one-lane document. */
function canonical(events: string): string {
  const result = parse(`P1 s1 v1 m1: ${events}`);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return serialize(result.document);
}

describe('a chord whose every note is tied', () => {
  it('is written with one "~" after its duration, however it was written', () => {
    expect(canonical('(F4~ A4~ C5~)=1/4')).toBe('P1 s1 v1 m1: (F4 A4 C5)=1/4~\n');
    expect(canonical('(C5~ F4~ A4~)=1/4')).toBe('P1 s1 v1 m1: (F4 A4 C5)=1/4~\n');
    expect(canonical('(F4 A4 C5)=1/4~')).toBe('P1 s1 v1 m1: (F4 A4 C5)=1/4~\n');
    expect(canonical('(F4~ A4 C5)=1/4~')).toBe('P1 s1 v1 m1: (F4 A4 C5)=1/4~\n');
    expect(canonical('(F4~)=1/4')).toBe('P1 s1 v1 m1: (F4)=1/4~\n');
  });

  it('parses to the same document either way', () => {
    const noteByNote = parse('P1 s1 v1 m1: (F4~ A4~ C5~)=1/4');
    const whole = parse('P1 s1 v1 m1: (F4 A4 C5)=1/4~');
    if (!noteByNote.ok || !whole.ok) throw new Error('expected documents');
    expect(noteByNote.document).toEqual(whole.document);
    expect(whole.document.lanes[0]!.events[0]).toEqual(
      chord(true, [F4, false], [A4, false], [C5, false]),
    );
  });

  it('is serialized canonically from any data that says it', () => {
    expect(serializeEvent(chord(false, [C5, true], [F4, true], [A4, true]))).toBe(
      '(F4 A4 C5)=1/4~',
    );
    expect(serializeEvent(chord(true, [F4, true], [A4, false], [C5, true]))).toBe(
      '(F4 A4 C5)=1/4~',
    );
  });
});

describe('a chord with some notes tied', () => {
  it('carries "~" on those pitches only', () => {
    expect(canonical('(C5 F4~ A4)=1/4')).toBe('P1 s1 v1 m1: (F4~ A4 C5)=1/4\n');
    expect(serializeEvent(chord(false, [F4, true], [A4, false], [C5, true]))).toBe(
      '(F4~ A4 C5~)=1/4',
    );
  });
});

describe('canonicalChord', () => {
  it('orders the notes and says a whole-chord tie once', () => {
    expect(canonicalChord(chord(false, [C5, true], [F4, true]))).toEqual(
      chord(true, [F4, false], [C5, false]),
    );
  });

  it('leaves a chord with some notes tied as it is, in order', () => {
    expect(canonicalChord(chord(false, [C5, true], [F4, false]))).toEqual(
      chord(false, [F4, false], [C5, true]),
    );
  });
});

describe('a lane without @ items', () => {
  it('serializes even when its onsets would leave the range of exact integers', () => {
    const note = (den: number) => ({
      kind: 'note' as const,
      pitch: C5,
      duration: rational(1, den),
      grace: false,
      tie: false,
    });
    const lane = { part: 1, staff: 1, voice: 1, measure: 1 };
    const events = [note(1_000_003), note(1_000_033), note(1_000_037)];
    expect(serialize({ lanes: [{ ...lane, events }] })).toBe(
      'P1 s1 v1 m1: C5=1/1000003 C5=1/1000033 C5=1/1000037\n',
    );
  });
});
