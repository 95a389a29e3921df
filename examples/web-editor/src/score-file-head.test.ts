import { readFileSync } from 'node:fs';
import { exportMusicXml, importMusicXml } from '@scorelane/musicxml';
import { openScore, type Score, scoreContent } from '@scorelane/score-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CHUNK_MEASURES } from './chunked-engraving.ts';
import { repeatedExample } from './long-score.test-support.ts';
import { type OpenedHead, openHandedOverFile } from './opened-file.ts';
import { handOverFile } from './opened-file-handover.ts';
import { rangeMusicXml } from './range-music-xml.ts';
import { HEAD_MEASURES, importHead, musicXmlHead } from './score-file-head.ts';
import { importAsUpdate, type ScoreFileImporter } from './score-file-import.ts';

const LONG = repeatedExample(25);
const MXL = new Uint8Array(
  readFileSync(
    new URL(
      '../../../packages/musicxml/test/fixtures/musicxml-testsuite/90a-Compressed-MusicXML.mxl',
      import.meta.url,
    ),
  ),
);

/** `bars` bars of two parts, each bar's last note tied into the next, a slur over every two bars and a dynamic in each. */
function tiedScore(bars: number): Uint8Array {
  const measure = (part: number, n: number) => {
    const attributes =
      n === 1
        ? `<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>${part === 1 ? 'G' : 'F'}</sign><line>${part === 1 ? 2 : 4}</line></clef></attributes>`
        : '';
    const step = 'CDEFGAB'[n % 7];
    const octave = part === 1 ? 5 : 3;
    const note = (notations: string, tie: string) =>
      `<note><pitch><step>${step}</step><octave>${octave}</octave></pitch><duration>1</duration>${tie}<voice>1</voice><type>quarter</type>${notations === '' ? '' : `<notations>${notations}</notations>`}</note>`;
    const slur = n % 2 === 1 ? '<slur type="start" number="1"/>' : '';
    const slurEnd = n % 2 === 0 ? '<slur type="stop" number="1"/>' : '';
    const tieIn = n > 1 ? '<tie type="stop"/>' : '';
    const tiedIn = n > 1 ? '<tied type="stop"/>' : '';
    const tieOut = n < bars ? '<tie type="start"/>' : '';
    const tiedOut = n < bars ? '<tied type="start"/>' : '';
    const dynamic = `<direction placement="below"><direction-type><dynamics><${n % 2 === 0 ? 'p' : 'f'}/></dynamics></direction-type></direction>`;
    return `<measure number="${n}">${attributes}${dynamic}${note(`${tiedIn}${slur}`, tieIn)}${note('', '')}${note('', '')}${note(`${tiedOut}${slurEnd}`, tieOut)}</measure>`;
  };
  const part = (id: number) =>
    `<part id="P${id}">${Array.from({ length: bars }, (_, index) => measure(id, index + 1)).join('\n')}</part>`;
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><work><work-title>Tied</work-title></work>
<part-list><score-part id="P1"><part-name>Violin</part-name></score-part><score-part id="P2"><part-name>Cello</part-name></score-part></part-list>
${part(1)}
${part(2)}
</score-partwise>`);
}

function imported(bytes: Uint8Array): Score {
  const result = importMusicXml(bytes);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function scoreOf(update: Uint8Array): Score {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  return openScore(doc);
}

/** Every range the head's engraving shows (those before its last), as MusicXML. */
function headRanges(score: Score, measures: number): string[] {
  const content = scoreContent(score);
  const ranges: string[] = [];
  for (let start = 1; start + CHUNK_MEASURES - 1 <= measures - CHUNK_MEASURES; start += 8) {
    ranges.push(rangeMusicXml(content, start, start + CHUNK_MEASURES - 1));
  }
  return ranges;
}

describe('the head of a long file', () => {
  const wholeLong = imported(LONG);
  const wholeTied = imported(tiedScore(120));

  it('holds the first measures of every part, as the whole file has them', () => {
    const head = importHead('long.musicxml', LONG, HEAD_MEASURES);
    expect(head?.measures).toBe(HEAD_MEASURES);
    const content = scoreContent(scoreOf(head!.update));
    const whole = scoreContent(wholeLong);
    expect(content.measures).toEqual(whole.measures.slice(0, HEAD_MEASURES));
    expect(content.parts).toEqual(whole.parts);
    expect(content.units).toEqual(whole.units?.filter((unit) => unit.measure <= HEAD_MEASURES));
  });

  it('engraves the ranges it shows exactly as the whole file does (the example repeated; ties, slurs and dynamics across every bar line), wherever the file is cut', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ['long', LONG, wholeLong] as const,
          ['tied', tiedScore(120), wholeTied] as const,
        ),
        fc.integer({ min: 2 * CHUNK_MEASURES, max: 64 }),
        ([name, bytes, whole], measures) => {
          const head = importHead(`${name}.musicxml`, bytes, measures);
          expect(head).not.toBeNull();
          const ranges = headRanges(scoreOf(head!.update), measures);
          expect(ranges.length).toBeGreaterThan(0);
          expect(ranges).toEqual(headRanges(whole, measures));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('is not cut from a file no longer than the head, a compressed file, a timewise file or one not in UTF-8', () => {
    expect(musicXmlHead(repeatedExample(1), HEAD_MEASURES)).toBeNull();
    expect(musicXmlHead(tiedScore(HEAD_MEASURES), HEAD_MEASURES)).toBeNull();
    expect(musicXmlHead(MXL, HEAD_MEASURES)).toBeNull();
    const timewise = new TextEncoder().encode(
      '<?xml version="1.0"?><score-timewise><measure number="1"><part id="P1"></part></measure></score-timewise>',
    );
    expect(musicXmlHead(timewise, 0)).toBeNull();
    expect(musicXmlHead(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]), 1)).toBeNull();
  });
});

describe('opening a long file with its head first', () => {
  it('hears the head first, imports and applies the whole file once the head’s first page is shown, and the page’s document ends equal to a direct import of the whole file (imported in this thread: Node has no Worker)', async () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    handOverFile({ name: 'long.musicxml', bytes: LONG }, storage);
    const events: string[] = [];
    // What the worker does: the head first, then the whole file once the head's first page is shown.
    const inThisThread: ScoreFileImporter = async (name, bytes, onHead) => {
      const head = importHead(name, bytes, HEAD_MEASURES);
      if (head !== null) await onHead?.(head);
      events.push('whole imported');
      return importAsUpdate(name, bytes);
    };
    const heads: OpenedHead[] = [];
    const doc = new Y.Doc();
    const opened = await openHandedOverFile(doc, storage, inThisThread, (head) => {
      events.push('head');
      heads.push(head);
      // The page's first page is engraved from the head meanwhile; the document waits for it.
      return new Promise((resolve) =>
        setTimeout(() => {
          events.push(`first page shown, document ${doc.share.size === 0 ? 'empty' : 'filled'}`);
          resolve(undefined);
        }, 0),
      );
    });
    expect(opened).toMatchObject({ ok: true, doc });
    expect(events).toEqual(['head', 'first page shown, document empty', 'whole imported']);
    expect(heads[0]?.measures).toBe(HEAD_MEASURES);
    expect(heads[0]?.score.doc).not.toBe(doc);
    const direct = imported(LONG);
    const page = openScore(doc);
    expect(scoreContent(page)).toEqual(scoreContent(direct));
    expect(exportMusicXml(page)).toBe(exportMusicXml(direct));
  });
});
