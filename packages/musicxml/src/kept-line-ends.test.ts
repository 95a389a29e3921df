import { fc, test as property } from '@fast-check/vitest';
import type { Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

/** One hairpin end before a note: `kept` ends hold an `<offset>`, which the model does not read. */
interface WedgeEnd {
  readonly note: number;
  readonly type: 'crescendo' | 'diminuendo' | 'stop';
  readonly kept: boolean;
}

const NOTES_PER_MEASURE = 4;

/** One voice of quarter notes in 4/4, each end as a `<direction>` just before its note. */
function partWith(measures: number, ends: readonly WedgeEnd[]): string {
  let body = '';
  for (let measure = 1; measure <= measures; measure++) {
    body += `<measure number="${measure}">`;
    if (measure === 1)
      body +=
        '<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>';
    for (let index = 0; index < NOTES_PER_MEASURE; index++) {
      const note = (measure - 1) * NOTES_PER_MEASURE + index;
      for (const end of ends.filter((candidate) => candidate.note === note))
        body += `<direction><direction-type><wedge type="${end.type}"/></direction-type>${end.kept ? '<offset>0</offset>' : ''}</direction>`;
      body +=
        '<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice><type>quarter</type></note>';
    }
    body += '</measure>';
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list><part id="P1">${body}</part></score-partwise>`;
}

function imported(xml: string): Score {
  const result = importMusicXml(xml);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** The model's hairpins as [start note, stop note], notes counted through the part. */
function modelHairpins(score: Score): [number, number][] {
  const snapshot = readScore(score);
  const pairs: [number, number][] = [];
  let open: number | undefined;
  let note = 0;
  for (let measure = 1; measure <= snapshot.measures.length; measure++) {
    for (const event of snapshot.unit(1, 1, measure).voices[0]?.events ?? []) {
      for (const mark of event.marks ?? []) {
        if (mark.kind !== 'hairpin') continue;
        if (mark.type === 'stop' && open !== undefined) pairs.push([open, note]);
        if (mark.type === 'stop') open = undefined;
        else open = note;
      }
      note++;
    }
  }
  return pairs;
}

/** The pairs MusicXML makes of the ends (one number: a stop closes the open start), both read. */
function readablePairs(ends: readonly WedgeEnd[]): [number, number][] {
  const pairs: [number, number][] = [];
  let open: WedgeEnd | undefined;
  for (const end of ends) {
    if (end.type === 'stop') {
      if (open && !open.kept && !end.kept) pairs.push([open.note, end.note]);
      open = undefined;
    } else open = end;
  }
  return pairs;
}

describe('hairpin ends the model keeps as XML', () => {
  it('close the line of their number: a read start never pairs with a read stop beyond a kept one', () => {
    // As a string quartet's export has them: a crescendo read, its stop placed by an <offset>
    // (kept), a diminuendo kept, and its stop read, 160 measures later.
    const ends: WedgeEnd[] = [
      { note: 0, type: 'crescendo', kept: false },
      { note: 2, type: 'stop', kept: true },
      { note: 637, type: 'diminuendo', kept: true },
      { note: 639, type: 'stop', kept: false },
    ];
    const score = imported(partWith(160, ends));
    expect(modelHairpins(score)).toEqual([]);
    const out = exportMusicXml(score);
    expect(out.match(/<wedge /g)).toHaveLength(4);
    expect(exportMusicXml(imported(out))).toBe(out);
  });

  property.prop([
    fc.array(
      fc.record({
        gap: fc.nat(3),
        type: fc.constantFrom('crescendo' as const, 'diminuendo' as const),
        length: fc.nat(3),
        keptStart: fc.boolean(),
        keptStop: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
  ])(
    'every hairpin read is a start and stop MusicXML pairs, and export keeps every end',
    (lines) => {
      // Hairpins one after the other, each stopped before the next starts (as MusicXML has them).
      const ends: WedgeEnd[] = [];
      let note = 0;
      for (const line of lines) {
        note += line.gap;
        ends.push({ note, type: line.type, kept: line.keptStart });
        note += line.length;
        ends.push({ note, type: 'stop', kept: line.keptStop });
      }
      const measures = Math.floor(note / NOTES_PER_MEASURE) + 1;
      const score = imported(partWith(measures, ends));
      const expected = readablePairs(ends).map(String);
      for (const pair of modelHairpins(score)) expect(expected).toContain(String(pair));
      // Every end is written once: read into the model and written from it, or kept as it was.
      expect(exportMusicXml(score).match(/<wedge /g)?.length ?? 0).toBe(ends.length);
    },
  );
});
