import { readFileSync } from 'node:fs';
import { openScore, scoreInfo } from '@scorelane/score-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openedFile, openHandedOverFile } from './opened-file.ts';
import { type HandOverStorage, handOverFile, takeHandedOverFile } from './opened-file-handover.ts';
import { importAsUpdate, importScoreFile } from './score-file-import.ts';

const MXL = new Uint8Array(
  readFileSync(
    new URL(
      '../../../packages/musicxml/test/fixtures/musicxml-testsuite/90a-Compressed-MusicXML.mxl',
      import.meta.url,
    ),
  ),
);

/** A tab's `sessionStorage`, in memory (Node has none). */
function memoryStorage(limit = Number.POSITIVE_INFINITY): HandOverStorage & { size(): number } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > limit) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    size: () => items.size,
  };
}

describe('opening a file from disk', () => {
  it('imports a dropped .mxl from the MusicXML test suite by its bytes', () => {
    const doc = new Y.Doc();
    const opened = importScoreFile('90a-Compressed-MusicXML.mxl', MXL, doc);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.score.doc).toBe(doc);
    const info = scoreInfo(opened.score);
    expect(info.measureCount).toBeGreaterThan(0);
    expect(info.parts.length).toBeGreaterThan(0);
  });

  it('refuses a file that is not MusicXML by its name, writing nothing', () => {
    const doc = new Y.Doc();
    const opened = importScoreFile('song.mid', MXL, doc);
    expect(opened).toEqual({
      ok: false,
      message: 'song.mid is not a MusicXML file: open a .musicxml, .xml, .mxl file.',
    });
    expect(doc.share.size).toBe(0);
  });

  it('refuses a broken archive with the importer’s reason, and says the current score is unchanged', () => {
    const doc = new Y.Doc();
    const broken = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]);
    const opened = importScoreFile('broken.MXL', broken, doc);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.message).toMatch(
      /^broken\.MXL cannot be opened: .+ The current score is unchanged\.$/,
    );
    expect(Y.encodeStateAsUpdate(doc)).toEqual(Y.encodeStateAsUpdate(new Y.Doc()));
  });

  it('hands any bytes over to the next load unchanged, once', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.uint8Array({ maxLength: 70_000 }),
        (name, bytes) => {
          const storage = memoryStorage();
          expect(handOverFile({ name, bytes }, storage)).toEqual({ ok: true });
          expect(takeHandedOverFile(storage)).toEqual({ name, bytes });
          expect(takeHandedOverFile(storage)).toBeNull();
        },
      ),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 50) },
    );
  });

  it('says when the tab cannot hold a file, and hands nothing over', () => {
    const storage = memoryStorage(1000);
    const kept = handOverFile({ name: 'big.musicxml', bytes: new Uint8Array(2_000_000) }, storage);
    expect(kept).toEqual({
      ok: false,
      message:
        'big.musicxml (1.9 MB) is too large for this page to open; compress it as .mxl or open a smaller file. The current score is unchanged.',
    });
    expect(storage.size()).toBe(0);
  });

  it('opens the handed-over .mxl on the next load, as a document of that page, and remembers it (imported in this thread: Node has no Worker)', async () => {
    const storage = memoryStorage();
    handOverFile({ name: '90a-Compressed-MusicXML.mxl', bytes: MXL }, storage);
    const doc = new Y.Doc();
    const inThisThread = async (name: string, bytes: Uint8Array) => importAsUpdate(name, bytes);
    const opened = await openHandedOverFile(doc, storage, inThisThread);
    expect(opened).toMatchObject({
      ok: true,
      doc,
      name: '90a-Compressed-MusicXML.mxl (on this page only)',
      role: 'editor',
    });
    expect(openedFile()).toMatchObject({ name: '90a-Compressed-MusicXML.mxl' });
    expect(await openHandedOverFile(new Y.Doc(), storage, inThisThread)).toBeNull();
    // The worker's update, applied: the page's document holds the file's parts.
    expect(scoreInfo(openScore(doc)).parts.length).toBeGreaterThan(0);
  });
});
