import { exportMusicXml } from '@scorelane/musicxml';
import { openScore } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createEngraver } from './engraver.ts';
import { seedExampleScore } from './example-score.ts';
import { soundingNoteIds } from './note-timemap.ts';

describe('the notes sounding, from Verovio’s timemap', () => {
  it('holds each note from its onset up to its end, chords and overlaps included', () => {
    const sounding = soundingNoteIds([
      { qstamp: 0, on: ['a', 'b'] },
      { qstamp: 1, off: ['a'], on: ['c'] },
      { qstamp: 2, off: ['b', 'c'] },
    ]);
    expect(sounding(-1)).toEqual([]);
    expect(sounding(0)).toEqual(['a', 'b']);
    expect(sounding(0.99)).toEqual(['a', 'b']);
    expect(sounding(1)).toEqual(['b', 'c']);
    expect(sounding(2)).toEqual([]);
  });

  it('names notes of the engraved SVG: the example’s first beat sounds five notes of bar 1 (real Verovio, in Node)', async () => {
    const doc = new Y.Doc();
    seedExampleScore(doc);
    const musicXml = exportMusicXml(openScore(doc));
    const engraver = await createEngraver();
    const engraving = engraver.engrave(musicXml);
    if (!engraving.ok) throw new Error(engraving.message);
    const sounding = soundingNoteIds(engraver.timemap(musicXml));
    // Violin F#5, the piano's chord A4 D5 and F#4 below it, and the bass D3.
    const first = sounding(0);
    expect(first).toHaveLength(5);
    const svg = engraving.pages.join('\n');
    for (const id of first) expect(svg).toContain(`id="${id}" class="note"`);
    // A second engraver, loading the same MusicXML afresh, names the same notes.
    const again = await createEngraver();
    expect(soundingNoteIds(again.timemap(musicXml))(0)).toEqual(first);
  });
});
