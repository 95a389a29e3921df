import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { startCursor } from './parse.ts';
import type { Cursor } from './parse-cursor.ts';
import { type Rational, rational } from './rational.ts';
import { durationOf } from './read-duration.ts';
import { readEvent } from './read-event.ts';
import { readPlainEvent } from './read-plain-event.ts';

/** A cursor at the start of `text`, read as the events of one line after `lastDuration`. */
function cursorAt(text: string, lastDuration: Rational | undefined | null): Cursor {
  const cursor = startCursor(text, false, undefined);
  cursor.contentEnd = text.length;
  cursor.lastDuration = lastDuration;
  return cursor;
}

/** An event as written (a pitch, rest or chord), plain or nearly so, and what stands after it on the line. */
const arbitraryEventText = fc
  .tuple(
    fc.constantFrom(
      'C',
      'F',
      'B',
      'c',
      'r',
      'x',
      'R',
      'g',
      '(',
      '3',
      '(C4 ',
      '(E4 C',
      '(C4 C',
      '(G3 E4  C',
      '( C',
      '(3 C',
    ),
    fc.constantFrom('', '#', '##', 'b', 'bb', '#b', '♯'),
    fc.constantFrom('0', '4', '9', '-1', '10', ''),
    fc.constantFrom('', '', ')', '))', '-1)', '~)', ' )', ' C4)', ' E4 G4)'),
    fc.constantFrom(
      '',
      '=1/4',
      '=g1/16',
      '=3/8',
      '=2',
      '=g2',
      '=2/8',
      '=0',
      '=1/0',
      '=1000001',
      '=',
    ),
    fc.constantFrom('', '~', '~~'),
    fc.constantFrom(
      '',
      ' ',
      ' D4',
      ' 1/4',
      ' =1/4',
      ' 3:2(E5=1/8 F5 G5)',
      ' g1/8',
      '-.',
      '|',
      ')',
      '\t',
    ),
  )
  .map((parts) => parts.join(''));

const arbitraryLastDuration = fc.constantFrom(undefined, null, durationOf(1, 4), durationOf(3, 8));

describe('readPlainEvent (the fast path)', () => {
  test.prop([arbitraryEventText, arbitraryLastDuration], { numRuns: 2000 })(
    'reads an event exactly as readEvent does, or leaves the cursor where it was',
    (text, lastDuration) => {
      const fast = cursorAt(text, lastDuration);
      const general = cursorAt(text, lastDuration);
      const event = readPlainEvent(fast);
      if (event === undefined) {
        expect(fast.pos).toBe(0);
        expect(fast.lastDuration).toBe(lastDuration);
        return;
      }
      expect(readEvent(general)).toEqual(event);
      expect(general.tally.count).toBe(0);
      expect(fast.pos).toBe(general.pos);
      expect(fast.lastDuration).toBe(general.lastDuration);
    },
  );

  it('takes the events the canonical text is made of', () => {
    const quarter = durationOf(1, 4);
    expect(readPlainEvent(cursorAt('F#4=1/8~ G4', quarter))).toEqual({
      kind: 'note',
      pitch: { step: 'F', alter: 1, octave: 4 },
      duration: rational(1, 8),
      grace: false,
      tie: true,
    });
    expect(readPlainEvent(cursorAt('Bbb3=g1/16', quarter))?.grace).toBe(true);
    expect(readPlainEvent(cursorAt('r', quarter))).toEqual({
      kind: 'rest',
      duration: quarter,
      grace: false,
    });
    expect(readPlainEvent(cursorAt('x=2 C4', undefined))?.kind).toBe('space');
    expect(readPlainEvent(cursorAt('(C4 E4 G4)=g1/2~', undefined))).toEqual({
      kind: 'chord',
      notes: [
        { pitch: { step: 'C', alter: 0, octave: 4 }, tie: false },
        { pitch: { step: 'E', alter: 0, octave: 4 }, tie: false },
        { pitch: { step: 'G', alter: 0, octave: 4 }, tie: false },
      ],
      duration: rational(1, 2),
      grace: true,
      tie: true,
    });
  });

  it('leaves marks, a missing duration, a duration written apart and chords out of order, with a pitch twice or a tie inside to readEvent', () => {
    expect(readPlainEvent(cursorAt('C4=1/4-.', undefined))).toBeUndefined();
    expect(readPlainEvent(cursorAt('C4 D4', undefined))).toBeUndefined();
    expect(readPlainEvent(cursorAt('C4 =1/4', durationOf(1, 4)))).toBeUndefined();
    expect(readPlainEvent(cursorAt('(C4 C4)=1/4', undefined))).toBeUndefined();
    expect(readPlainEvent(cursorAt('(G4 C4 E4)=1/4', undefined))).toBeUndefined();
    expect(readPlainEvent(cursorAt('(C4~ E4)=1/4', undefined))).toBeUndefined();
  });
});
