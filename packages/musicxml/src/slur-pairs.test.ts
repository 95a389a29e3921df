import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { loneSlurs, type SettledMeasure, SlurPairing } from './slur-pairs.ts';
import type { XmlElement } from './xml-tree.ts';

type End = readonly ['start' | 'stop', string];

/** A `<measure>` of one note per end, each with a `<notations>` holding one `<slur>`. */
function measureOf(ends: readonly End[]): XmlElement {
  return {
    n: 'measure',
    c: ends.map(([type, number]) => ({
      n: 'note',
      c: [{ n: 'pitch' }, { n: 'notations', c: [{ n: 'slur', a: { type, number } }] }],
    })),
  };
}

/** What a pairing reports for each measure added, and at the end: `[measure, lonely as "m/note type number"]`. */
function reports(measures: readonly (readonly End[])[]): {
  afterAdd: [number, string[]][][];
  atFinish: [number, string[]][];
} {
  const pairing = new SlurPairing();
  const shown = (settled: readonly SettledMeasure[]) =>
    settled.map(({ measure, lonely }): [number, string[]] => [
      measure,
      lonely.map((end) => `${end.measure}/${end.note} ${end.type} ${end.number}`),
    ]);
  const afterAdd = measures.map((ends) => shown(pairing.add(measureOf(ends))));
  return { afterAdd, atFinish: shown(pairing.finish()) };
}

describe('SlurPairing', () => {
  it('holds a measure whose slur is open until the measure that ends it', () => {
    const { afterAdd, atFinish } = reports([[['start', '1']], [], [['stop', '1']]]);
    expect(afterAdd).toEqual([
      [],
      [[1, []]],
      [
        [0, []],
        [2, []],
      ],
    ]);
    expect(atFinish).toEqual([]);
  });

  it('settles a measure with a stop and no start at once, the stop alone', () => {
    const { afterAdd } = reports([[['stop', '1']]]);
    expect(afterAdd).toEqual([[[0, ['0/0 stop 1']]]]);
  });

  it('pairs a stop written before its start in the same measure (another voice)', () => {
    const { afterAdd } = reports([
      [
        ['stop', '2'],
        ['start', '2'],
      ],
    ]);
    expect(afterAdd).toEqual([[[0, []]]]);
  });

  it('does not pair a stop of one measure with a start of a later one', () => {
    const { afterAdd, atFinish } = reports([[['stop', '1']], [['start', '1']]]);
    expect(afterAdd).toEqual([[[0, ['0/0 stop 1']]], []]);
    expect(atFinish).toEqual([[1, ['1/0 start 1']]]);
  });

  it('closes the latest open start of the number, and only of that number', () => {
    const { afterAdd, atFinish } = reports([
      [
        ['start', '1'],
        ['start', '2'],
      ],
      [
        ['start', '1'],
        ['stop', '1'],
        ['stop', '2'],
      ],
    ]);
    // Measure 2 closes its own start 1 and measure 1's start 2; measure 1's start 1 stays open.
    expect(afterAdd).toEqual([[], [[1, []]]]);
    expect(atFinish).toEqual([[0, ['0/0 start 1']]]);
  });

  it('reads a slur without a number as number 1', () => {
    const pairing = new SlurPairing();
    const start: XmlElement = {
      n: 'measure',
      c: [{ n: 'note', c: [{ n: 'notations', c: [{ n: 'slur', a: { type: 'start' } }] }] }],
    };
    expect(pairing.add(start)).toEqual([]);
    expect(pairing.add(measureOf([['stop', '1']]))).toEqual([
      { measure: 0, lonely: [] },
      { measure: 1, lonely: [] },
    ]);
  });

  const part = fc.array(
    fc.array(
      fc.tuple(fc.constantFrom('start' as const, 'stop' as const), fc.constantFrom('1', '2', '3')),
      {
        maxLength: 4,
      },
    ),
    { maxLength: 8 },
  );

  property.prop([part])(
    'settles every measure exactly once, never before it is added',
    (measures) => {
      const { afterAdd, atFinish } = reports(measures);
      const settled = [...afterAdd.flat(), ...atFinish].map(([measure]) => measure);
      expect([...settled].sort((a, b) => a - b)).toEqual(measures.map((_, index) => index));
      afterAdd.forEach((settledNow, added) => {
        for (const [measure] of settledNow) expect(measure).toBeLessThanOrEqual(added);
      });
    },
  );

  property.prop([part, part])(
    'a measure settled before the part ends keeps its lone ends whatever measures follow',
    (measures, following) => {
      const alone = reports(measures).afterAdd;
      const followed = reports([...measures, ...following]).afterAdd.slice(0, measures.length);
      expect(followed).toEqual(alone);
    },
  );

  property.prop([part])(
    'finds the same lone ends that loneSlurs finds in the whole part',
    (measures) => {
      const { afterAdd, atFinish } = reports(measures);
      const lonely = [...afterAdd.flat(), ...atFinish].flatMap(([, ends]) => ends).sort();
      const trees = measures.map(measureOf);
      const labels = new Map<XmlElement, string>();
      for (const [measure, tree] of trees.entries())
        for (const [index, note] of tree.c!.entries()) {
          const slur = ((note as XmlElement).c![1] as XmlElement).c![0] as XmlElement;
          labels.set(slur, `${measure}/${index} ${slur.a!.type} ${slur.a!.number}`);
        }
      const found = loneSlurs(trees).map((slur) => labels.get(slur)!);
      expect(found.sort()).toEqual(lonely);
    },
  );
});

describe('loneSlurs', () => {
  it('gives the slur elements of a part that have no other end', () => {
    const trees = [measureOf([['start', '1']]), measureOf([['stop', '2']])];
    const slurOf = (measure: number) =>
      ((trees[measure]!.c![0] as XmlElement).c![1] as XmlElement).c![0];
    expect(loneSlurs(trees)).toEqual([slurOf(1), slurOf(0)]);
  });

  it('gives nothing when every slur is whole', () => {
    expect(loneSlurs([measureOf([['start', '1']]), measureOf([['stop', '1']])])).toEqual([]);
  });
});
