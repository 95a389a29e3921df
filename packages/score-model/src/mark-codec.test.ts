import { parsePitch, rational } from '@scorelane/lanes-seq';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryMarkedUnit } from './arbitrary-marks.test-support.ts';
import { decodeStoredUnit, decodeUnit, encodeUnit, sameUnitContent } from './codec.ts';
import type { StoredUnit } from './layout.ts';
import type { UnitContent } from './score-types.ts';

const E4 = parsePitch('E4')!;
const G4 = parsePitch('G4')!;

const marked: UnitContent = {
  voices: [
    {
      voice: 1,
      events: [
        {
          kind: 'note',
          pitch: E4,
          duration: rational(1, 2),
          grace: false,
          tie: false,
          marks: [
            { kind: 'articulation', name: 'staccato' },
            { kind: 'tempo', text: 'Allegro', beat: rational(1, 4), perMinute: 120 },
          ],
          lyrics: [{ verse: 1, text: 'Freu', hyphen: true, extend: false }],
        },
        {
          kind: 'chord',
          notes: [
            { pitch: E4, tie: false, fingering: 1 },
            { pitch: G4, tie: false, fingering: 3 },
          ],
          duration: rational(1, 2),
          grace: false,
          tie: false,
        },
      ],
      onsetMarks: [{ onset: rational(3, 4), marks: [{ kind: 'dynamic', name: 'p' }] }],
    },
  ],
};

describe('the stored form of marks, fingerings, lyrics and onset marks', () => {
  it('decodes what it encodes, for any unit with marks', () => {
    fc.assert(
      fc.property(arbitraryMarkedUnit, (unit) => {
        const stored = JSON.parse(JSON.stringify(encodeUnit(unit))) as StoredUnit;
        expect(decodeUnit(stored)).toEqual(unit);
        expect(sameUnitContent(decodeUnit(stored), unit)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('stores compact JSON: a beat as [num, den], false flags and empty lists left out', () => {
    const stored = encodeUnit(marked);
    expect(stored.voices[0]?.events[0]).toEqual({
      kind: 'note',
      duration: [1, 2],
      pitch: 'E4',
      marks: [
        { kind: 'articulation', name: 'staccato' },
        { beat: [1, 4], kind: 'tempo', perMinute: 120, text: 'Allegro' },
      ],
      lyrics: [{ verse: 1, text: 'Freu', hyphen: true }],
    });
    expect(stored.voices[0]?.events[1]?.notes).toEqual([
      { pitch: 'E4', fingering: 1 },
      { pitch: 'G4', fingering: 3 },
    ]);
    expect(stored.voices[0]?.onsetMarks).toEqual([
      { onset: [3, 4], marks: [{ kind: 'dynamic', name: 'p' }] },
    ]);
    const bare = encodeUnit({
      voices: [{ voice: 1, events: [{ ...marked.voices[0]!.events[0]!, marks: [], lyrics: [] }] }],
    });
    expect(Object.keys(bare.voices[0]!.events[0]!)).toEqual(['kind', 'duration', 'pitch']);
  });

  it('decodes a unit stored before marks existed, with no marks fields', () => {
    const old = {
      voices: [{ voice: 1, events: [{ kind: 'note', duration: [1, 1], pitch: 'E4' }] }],
    };
    expect(decodeStoredUnit(old)).toEqual({
      voices: [
        {
          voice: 1,
          events: [{ kind: 'note', pitch: E4, duration: rational(1, 1), grace: false, tie: false }],
        },
      ],
    });
  });

  it('tells units apart that differ only in a mark, a fingering, a lyric or an onset mark', () => {
    const voice = marked.voices[0]!;
    const [note, chord] = voice.events as [
      (typeof voice.events)[0] & { kind: 'note' },
      (typeof voice.events)[0] & { kind: 'chord' },
    ];
    const variants: UnitContent[] = [
      { voices: [{ ...voice, events: [{ ...note, marks: [note.marks![0]!] }, chord] }] },
      {
        voices: [
          {
            ...voice,
            events: [
              note,
              { ...chord, notes: [chord.notes[0]!, { ...chord.notes[1]!, fingering: 4 }] },
            ],
          },
        ],
      },
      {
        voices: [
          { ...voice, events: [{ ...note, lyrics: [{ ...note.lyrics![0]!, verse: 2 }] }, chord] },
        ],
      },
      { voices: [{ voice: 1, events: voice.events }] },
    ];
    for (const variant of variants) expect(sameUnitContent(marked, variant)).toBe(false);
  });

  it('keeps a fingering of a chord whose every note is tied when comparing', () => {
    const tied = (finger: number): UnitContent => ({
      voices: [
        {
          voice: 1,
          events: [
            {
              kind: 'chord',
              notes: [
                { pitch: G4, tie: true, fingering: finger },
                { pitch: E4, tie: true },
              ],
              duration: rational(1, 2),
              grace: false,
              tie: false,
            },
          ],
        },
      ],
    });
    expect(sameUnitContent(tied(1), tied(1))).toBe(true);
    expect(sameUnitContent(tied(1), tied(2))).toBe(false);
  });

  it('reads a unit holding a mark of no known kind as malformed, not as a mark', () => {
    const tampered = {
      voices: [
        {
          voice: 1,
          events: [{ kind: 'note', duration: [1, 1], pitch: 'E4', marks: [{ kind: 'sparkle' }] }],
        },
      ],
    };
    expect(decodeStoredUnit(tampered)).toBeUndefined();
  });
});
