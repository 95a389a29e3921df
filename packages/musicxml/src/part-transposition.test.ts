import { createScore, scoreContent, scoreInfo, soundingNotes } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreNotes } from './musescore.test-support.ts';
import { childElements, isElement, parseXml, type XmlElement } from './xml-tree.ts';

const TRANSPOSING = [
  '72a-TransposingInstruments.xml',
  '72b-TransposingInstruments-Full.xml',
  '72c-TransposingInstruments-Change.xml',
];

function imported(text: string | Uint8Array) {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function rootOf(text: string | Uint8Array): XmlElement {
  const parsed = parseXml(typeof text === 'string' ? text : new TextDecoder().decode(text));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.root;
}

/** Every `<transpose>` of a file, as `part id / measure number: element`. */
function transposeElements(root: XmlElement): string[] {
  const found: string[] = [];
  for (const part of childElements(root, 'part')) {
    for (const measure of childElements(part, 'measure')) {
      for (const attributes of childElements(measure, 'attributes')) {
        for (const node of attributes.c ?? []) {
          if (isElement(node) && node.n === 'transpose')
            found.push(`${part.a?.id}/${measure.a?.number}: ${JSON.stringify(squeezed(node))}`);
        }
      }
    }
  }
  return found;
}

/** An element without the whitespace between its children. */
function squeezed(node: XmlElement): unknown {
  return {
    n: node.n,
    a: node.a ?? {},
    c: (node.c ?? [])
      .filter((inner) => !(typeof inner === 'string' && inner.trim() === ''))
      .map((inner) => (isElement(inner) ? squeezed(inner) : inner)),
  };
}

describe('transpositions of transposing instruments', () => {
  it('are read into the parts, with their abbreviations (72a)', () => {
    const parts = scoreInfo(imported(fixtureBytes(TRANSPOSING[0]!))).parts;
    expect(
      parts.map(({ name, abbreviation, transposition }) => ({ name, abbreviation, transposition })),
    ).toEqual([
      {
        name: 'Trumpet in Bb',
        abbreviation: 'Bb Tpt.',
        transposition: { chromatic: -2, diatonic: -1 },
      },
      { name: 'Horn in Eb', abbreviation: 'Hn.', transposition: { chromatic: -9, diatonic: -5 } },
      { name: 'Piano', abbreviation: undefined, transposition: undefined },
    ]);
  });

  it("keep an octave change (72b: c' displayed as f#''')", () => {
    const parts = scoreInfo(imported(fixtureBytes(TRANSPOSING[1]!))).parts;
    expect(parts[9]?.transposition).toEqual({ chromatic: 6, diatonic: 3, octaveChange: 3 });
  });

  it.each(TRANSPOSING)('%s exports every <transpose> exactly where it was', (name) => {
    const original = transposeElements(rootOf(fixtureBytes(name)));
    expect(original.length).toBeGreaterThan(0);
    expect(transposeElements(rootOf(exportMusicXml(imported(fixtureBytes(name)))))).toEqual(
      original,
    );
  });

  it('a changed transposition is written in place of the one read, and read back', () => {
    const score = imported(fixtureBytes(TRANSPOSING[0]!));
    const content = scoreContent(score);
    const parts = content.parts.map((part, index) =>
      index === 0 ? { ...part, transposition: { chromatic: 2, diatonic: 1 } } : part,
    );
    const changed = createScore(new Y.Doc(), { ...content, parts });
    const exported = exportMusicXml(changed);
    expect(transposeElements(rootOf(exported)).filter((entry) => entry.startsWith('P1/'))).toEqual([
      `P1/1: ${JSON.stringify(
        squeezed({
          n: 'transpose',
          c: [
            { n: 'diatonic', c: ['1'] },
            { n: 'chromatic', c: ['2'] },
          ],
        }),
      )}`,
    ]);
    expect(scoreInfo(imported(exported)).parts[0]?.transposition).toEqual({
      chromatic: 2,
      diatonic: 1,
    });
  });

  it('a part that stops transposing loses its <transpose>', () => {
    const score = imported(fixtureBytes(TRANSPOSING[0]!));
    const content = scoreContent(score);
    const parts = content.parts.map(({ transposition: _gone, ...part }) => part);
    const exported = exportMusicXml(createScore(new Y.Doc(), { ...content, parts }));
    expect(transposeElements(rootOf(exported))).toEqual([]);
  });

  it("MuseScore's engine sounds 72a's export as the model's playback does: written pitch plus the transposition", async () => {
    const score = imported(fixtureBytes(TRANSPOSING[0]!));
    const ours = soundingNotes(scoreContent(score))
      .notes.map((note) => ({ onset: (4 * note.start.num) / note.start.den, midi: note.midi }))
      .sort((a, b) => a.onset - b.onset || a.midi - b.midi);
    const theirs = await museScoreNotes(exportMusicXml(score));
    expect(theirs.loaded).toBe(true);
    expect(theirs.notes.map(({ onset, midi }) => ({ onset, midi }))).toEqual(ours);
    // The trumpet's written D4 sounds C4, as the piano's written C4 does.
    expect(ours.filter((note) => note.onset === 0).map((note) => note.midi)).toEqual([60, 60, 60]);
  }, 120_000);
});
