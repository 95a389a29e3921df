import { fc, test as property } from '@fast-check/vitest';
import type { Alter, Pitch, Step } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import {
  DOT_LEAF,
  durationLeaf,
  keptLeaf,
  MEASURE_REST_LEAF,
  NOTE_CHILD_DEPTH,
  pitchLeaf,
  staffLeaf,
  timeModificationLeaf,
  typeLeaf,
  voiceLeaf,
} from './note-leaves.ts';
import { element, type XmlElement, type XmlWritten } from './xml-tree.ts';
import { xmlText } from './xml-write.ts';

const pitch: fc.Arbitrary<Pitch> = fc.record({
  step: fc.constantFrom<Step>('C', 'D', 'E', 'F', 'G', 'A', 'B'),
  alter: fc.constantFrom<Alter>(-2, -1, 0, 1, 2),
  octave: fc.integer({ min: -1, max: 9 }),
});

/** What a note's child is written as, from its tree alone, ignoring the text written ahead. */
function fromTree(leaf: XmlWritten, depth: number): string {
  return xmlText(element(leaf.n, leaf.a ?? {}, leaf.c ?? []), depth);
}

describe('note leaves', () => {
  property.prop([pitch])('a pitch is written as its step, alter (when not 0) and octave', (p) => {
    const leaf = pitchLeaf(p);
    const children = [element('step', {}, [p.step])];
    if (p.alter !== 0) children.push(element('alter', {}, [String(p.alter)]));
    children.push(element('octave', {}, [String(p.octave)]));
    expect(leaf['=']).toBe(xmlText(element('pitch', {}, children), NOTE_CHILD_DEPTH));
  });

  property.prop([pitch, pitch])(
    'two pitches share a leaf exactly when they are the same',
    (a, b) => {
      const same = a.step === b.step && a.alter === b.alter && a.octave === b.octave;
      expect(pitchLeaf(a) === pitchLeaf(b)).toBe(same);
    },
  );

  property.prop([fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 16 })])(
    'every leaf is written ahead exactly as its tree is written at a note child depth',
    (divisions, small) => {
      const leaves = [
        durationLeaf(divisions),
        voiceLeaf(String(small)),
        staffLeaf(small),
        typeLeaf('16th'),
        timeModificationLeaf({ actual: small, normal: Math.max(1, small - 1) }),
        DOT_LEAF,
        MEASURE_REST_LEAF,
      ];
      for (const leaf of leaves) {
        expect(leaf.at).toBe(NOTE_CHILD_DEPTH);
        expect(leaf['=']).toBe(fromTree(leaf, NOTE_CHILD_DEPTH));
      }
    },
  );

  it('a leaf is made once per value and then shared', () => {
    expect(durationLeaf(480)).toBe(durationLeaf(480));
    expect(durationLeaf(480)).not.toBe(durationLeaf(240));
    expect(timeModificationLeaf({ actual: 3, normal: 2 })).toBe(
      timeModificationLeaf({ actual: 3, normal: 2 }),
    );
    expect(durationLeaf(480)['=']).toBe('        <duration>480</duration>\n');
  });

  it('a leaf written at another depth is written from its tree', () => {
    const note = element('note', {}, [
      pitchLeaf({ step: 'C', alter: 1, octave: 4 }),
      voiceLeaf('2'),
    ]);
    expect(xmlText(note, 0)).toBe(
      '<note>\n  <pitch>\n    <step>C</step>\n    <alter>1</alter>\n    <octave>4</octave>\n  </pitch>\n  <voice>2</voice>\n</note>\n',
    );
  });
});

/** Leaves as import keeps them on a note: a name, up to three attributes, no text, a text or more. */
const keptChild: fc.Arbitrary<XmlElement> = fc.record(
  {
    n: fc.constantFrom('type', 'beam', 'stem', 'accidental'),
    a: fc.dictionary(
      fc.constantFrom('number', 'parentheses', 'default-y', '/'),
      fc.string({ maxLength: 3 }),
      {
        minKeys: 1,
        maxKeys: 3,
      },
    ),
    c: fc.oneof(
      fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 2 }),
      fc.constant([{ n: 'inner' }]),
    ),
  },
  { requiredKeys: ['n'] },
);

describe('kept leaves', () => {
  property.prop([keptChild])('a kept child is written as it was read', (node) => {
    expect(xmlText(keptLeaf(node), NOTE_CHILD_DEPTH)).toBe(xmlText(node, NOTE_CHILD_DEPTH));
    expect(xmlText(keptLeaf(node), 1)).toBe(xmlText(node, 1));
  });

  property.prop([keptChild, keptChild])(
    'two kept leaves share what is written ahead exactly when they are written the same',
    (a, b) => {
      const first = keptLeaf(a);
      const second = keptLeaf(b);
      if (first === a || second === b) return;
      expect(first === second).toBe(xmlText(a, 0) === xmlText(b, 0));
    },
  );

  it('an element with element children or several texts is given back as it is', () => {
    const pitch = element('pitch', {}, [element('step', {}, ['C'])]);
    expect(keptLeaf(pitch)).toBe(pitch);
    const split = element('type', {}, ['quar', 'ter']);
    expect(keptLeaf(split)).toBe(split);
  });
});
