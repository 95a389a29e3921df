import { describe, expect, it } from 'vitest';
import { keyFromFifths, readClef, readKey, readTime, writeClef, writeKey } from './signatures.ts';
import { parseXml, type XmlElement } from './xml-tree.ts';

function xml(text: string): XmlElement {
  const result = parseXml(text);
  if (!result.ok) throw new Error(result.message);
  return result.root;
}

describe('signatures', () => {
  it('read compound and mixed time signatures as their total', () => {
    expect(readTime(xml('<time><beats>3+2</beats><beat-type>8</beat-type></time>'))).toEqual({
      beats: 5,
      beatType: 8,
    });
    expect(
      readTime(
        xml(
          '<time><beats>2</beats><beat-type>4</beat-type><beats>3</beats><beat-type>8</beat-type></time>',
        ),
      ),
    ).toEqual({
      beats: 7,
      beatType: 8,
    });
    expect(readTime(xml('<time><senza-misura/></time>'))).toBeUndefined();
  });

  it('name the tonic of a key along the circle of fifths, past seven accidentals too', () => {
    expect(keyFromFifths(-3, 'minor').tonic).toEqual({ step: 'C', alter: 0 });
    expect(keyFromFifths(9, 'major').tonic).toEqual({ step: 'D', alter: 1 });
    expect(keyFromFifths(-11, 'major').tonic).toEqual({ step: 'A', alter: -2 });
  });

  it('read a key without a major or minor <mode> as its signature alone, and write it back without one', () => {
    const bare = readKey(xml('<key><fifths>2</fifths></key>'));
    expect(bare).toMatchObject({ fifths: 2, modeUnstated: true });
    expect(readKey(xml('<key><fifths>2</fifths><mode>dorian</mode></key>'))?.modeUnstated).toBe(
      true,
    );
    expect(readKey(xml('<key><fifths>0</fifths><mode>minor</mode></key>'))).toEqual({
      tonic: { step: 'A', alter: 0 },
      mode: 'minor',
      fifths: 0,
    });
    expect(writeKey(bare!)).toEqual({ n: 'key', c: [{ n: 'fifths', c: ['2'] }] });
    expect(writeKey(keyFromFifths(2, 'major')).c).toHaveLength(2);
  });

  it('read clefs as the nearest of the eight lanes-seq names, octave clefs included', () => {
    expect(
      readClef(
        xml('<clef><sign>G</sign><line>2</line><clef-octave-change>-1</clef-octave-change></clef>'),
      ),
    ).toBe('treble8vb');
    expect(readClef(xml('<clef><sign>C</sign><line>4</line></clef>'))).toBe('tenor');
    expect(readClef(xml('<clef><sign>TAB</sign></clef>'))).toBe('treble');
    expect(
      readClef(
        xml('<clef><sign>G</sign><line>2</line><clef-octave-change>1</clef-octave-change></clef>'),
      ),
    ).toBe('treble8va');
    expect(
      readClef(
        xml('<clef><sign>F</sign><line>4</line><clef-octave-change>-1</clef-octave-change></clef>'),
      ),
    ).toBe('bass8vb');
  });

  it('write each octave clef as the <clef> it is read from', () => {
    for (const clef of ['treble8vb', 'treble8va', 'bass8vb'] as const)
      expect(readClef(writeClef(clef, 2))).toBe(clef);
  });
});
