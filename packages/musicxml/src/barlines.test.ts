import { fc, test as property } from '@fast-check/vitest';
import { rational } from '@scorelane/lanes-seq';
import {
  apply,
  type MeasureInfo,
  planSetBarline,
  playOrder,
  type Score,
  scoreContent,
  voltaSpans,
} from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { barlinesAsTheModelHasThem, modelSigns } from './barlines.ts';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText, fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { childElements, isElement, parseXml, type XmlElement } from './xml-tree.ts';

function imported(bytes: Uint8Array | string): Score {
  const result = importMusicXml(bytes);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function setBarline(score: Score, request: Parameters<typeof planSetBarline>[1]): void {
  const planned = planSetBarline(score, request);
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  if (!apply(score, planned.plan).ok) throw new Error('apply');
}

/** The `<barline>` elements of each part's measures in the export, as XML text. */
function barlinesOf(score: Score): string[][][] {
  const parsed = parseXml(exportMusicXml(score));
  if (!parsed.ok) throw new Error('parse');
  const text = (node: XmlElement): string => {
    const attributes = Object.entries(node.a ?? {})
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    const inner = (node.c ?? []).map((c) => (isElement(c) ? text(c) : c)).join('');
    return `<${node.n}${attributes}>${inner}</${node.n}>`;
  };
  return childElements(parsed.root, 'part').map((part) =>
    childElements(part, 'measure').map((measure) => childElements(measure, 'barline').map(text)),
  );
}

describe('bar lines from MusicXML', () => {
  it('reads a repeat with two endings as the model bar lines, played first, then second ending', () => {
    const score = imported(fixtureBytes('45b-RepeatWithAlternatives.xml'));
    expect(scoreContent(score).measures.map((measure) => measure.barlines)).toEqual([
      undefined,
      { end: 'repeat', volta: { numbers: [1], end: 'closed' } },
      { volta: { numbers: [2], end: 'open' } },
      { end: 'final' },
    ]);
    expect(playOrder(score)).toEqual([1, 2, 1, 3, 4]);
  });

  it('reads how often a repeat plays', () => {
    const score = imported(fixtureBytes('45c-RepeatMultipleTimes.xml'));
    const repeats = scoreContent(score).measures.filter((measure) => measure.barlines?.times);
    expect(repeats.length).toBeGreaterThan(0);
  });
});

describe('bar lines written back to MusicXML', () => {
  it('keeps the fermata of a <barline> it changes, in every part, and writes a new one where none was', () => {
    const score = imported(caseText('barline-fermata.musicxml'));
    setBarline(score, { measure: 1, style: 'repeat-end' });
    setBarline(score, { measure: 2, style: 'repeat-start' });
    const changed =
      '<barline location="right"><bar-style>light-heavy</bar-style><fermata type="upright"></fermata><repeat direction="backward"></repeat></barline>';
    const started =
      '<barline location="left"><bar-style>heavy-light</bar-style><repeat direction="forward"></repeat></barline>';
    const final = '<barline location="right"><bar-style>light-heavy</bar-style></barline>';
    const part = [[changed], [started], [final]];
    expect(barlinesOf(score)).toEqual([part, part]);
    const again = imported(exportMusicXml(score));
    expect(scoreContent(again).measures.map((measure) => measure.barlines)).toEqual([
      { end: 'repeat' },
      { repeatStart: true },
      { end: 'final' },
    ]);
  });

  it('writes a volta as an ending from its start to its stop, and leaves out a bar line made plain', () => {
    const score = imported(caseText('barline-fermata.musicxml'));
    setBarline(score, { measure: 2, volta: '1, 2', voltaEnd: 3, voltaOpen: true });
    setBarline(score, { measure: 3, style: 'regular' });
    const [flute] = barlinesOf(score);
    expect(flute![1]).toEqual([
      '<barline location="left"><ending number="1, 2" type="start"></ending></barline>',
    ]);
    expect(flute![2]).toEqual([
      '<barline location="right"><ending number="1, 2" type="discontinue"></ending></barline>',
    ]);
    const again = imported(exportMusicXml(score));
    expect(scoreContent(again).measures[2]!.barlines).toEqual({
      volta: { numbers: [1, 2], end: 'open' },
    });
  });

  it('writes a file it did not change exactly as before', () => {
    const score = imported(fixtureBytes('45b-RepeatWithAlternatives.xml'));
    const first = exportMusicXml(score);
    expect(exportMusicXml(imported(first))).toBe(first);
  });
});

/** Measures of 4/4 in C, each in a volta of 1 or 2 (ended closed or open) or none. */
const measuresWithVoltas = fc
  .array(
    fc.option(
      fc.record({
        numbers: fc.constantFrom([1], [2], [1, 2]),
        end: fc.constantFrom(undefined, 'closed' as const, 'open' as const),
      }),
    ),
    { maxLength: 12 },
  )
  .map((voltas): MeasureInfo[] =>
    voltas.map((volta) => ({
      time: { beats: 4, beatType: 4 },
      key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
      ...(volta
        ? {
            barlines: {
              volta: { numbers: volta.numbers, ...(volta.end ? { end: volta.end } : {}) },
            },
          }
        : {}),
    })),
  );

describe('the model bar lines export writes', () => {
  property.prop([measuresWithVoltas])(
    'a volta starts (an <ending type="start">) exactly where voltaSpans begins one',
    (measures) => {
      const starts = new Set(voltaSpans(measures).map((span) => span.start));
      measures.forEach((_, index) => {
        const signs = modelSigns(measures, index + 1);
        expect(signs.voltaStart !== undefined).toBe(starts.has(index + 1));
      });
    },
  );
});

describe('barlinesAsTheModelHasThem', () => {
  const measure: MeasureInfo = {
    time: { beats: 4, beatType: 4 },
    key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
  };
  const items = [{ at: rational(0), x: { n: 'print' } }];

  it('gives the items themselves, uncopied, where neither the model nor the file has a bar line', () => {
    expect(barlinesAsTheModelHasThem(items, [measure], 1, rational(1))).toBe(items);
  });

  it('adds the model’s bar line where the file has none', () => {
    const final: MeasureInfo = { ...measure, barlines: { end: 'final' } };
    const written = barlinesAsTheModelHasThem(items, [final], 1, rational(1));
    expect(written.map((item) => item.x.n)).toEqual(['print', 'barline']);
  });
});
