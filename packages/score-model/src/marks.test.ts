import { describe, expect, it } from 'vitest';
import { describeMark, listInWords, marksOf, withMarks } from './marks.ts';

describe('marks', () => {
  it('are read back from where an importer listed them, unknown kinds left out', () => {
    const attachments = withMarks({ format: 'kept' }, [{ kind: 'fermata', name: 'fermata' }]);
    expect(marksOf(attachments)).toEqual([{ kind: 'fermata', name: 'fermata' }]);
    expect(marksOf({ marks: [{ kind: 'sparkle' }, { kind: 'lyric', text: 'la' }] })).toEqual([
      { kind: 'lyric', text: 'la' },
    ]);
    expect(marksOf({ lyric: 'la' })).toBeUndefined();
    expect(marksOf(['not', 'an', 'object'])).toBeUndefined();
  });

  it('read as words a musician would use', () => {
    expect(
      [
        { kind: 'lyric', text: 'la' },
        { kind: 'dynamic', text: 'mf' },
        { kind: 'articulation', name: 'staccato' },
        { kind: 'articulation', name: 'accent' },
        { kind: 'ornament', name: 'trill' },
        { kind: 'fermata', name: 'fermata' },
        { kind: 'slur-start', number: '1' },
        { kind: 'tempo', text: 'Allegro' },
        { kind: 'expression', text: 'dolce' },
        { kind: 'fingering', text: '3' },
        { kind: 'chord-symbol', text: 'Bbm7' },
        { kind: 'hairpin', name: 'crescendo' },
        { kind: 'octave-shift' },
      ].map((mark) => describeMark(mark as Parameters<typeof describeMark>[0])),
    ).toEqual([
      'the lyric "la"',
      'the dynamic mf',
      'a staccato',
      'an accent',
      'a trill',
      'a fermata',
      'the start of a slur',
      'the tempo Allegro',
      'the text "dolce"',
      'the fingering 3',
      'the chord symbol Bbm7',
      'a crescendo',
      'an octave shift',
    ]);
  });

  it('are listed as a sentence lists things', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a staccato'])).toBe('a staccato');
    expect(listInWords(['a staccato', 'a fermata'])).toBe('a staccato and a fermata');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b, and c');
  });
});
