import type { LaneMark } from '@scorelane/lanes-seq';
import { plan, readMeasures, type Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

function imported(xml: string): Score {
  const result = importMusicXml(xml);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** Each event of P1 s1 voice 1, measure by measure: its marks and its lyrics as `verse:text`. */
function events(score: Score, staff = 1, voice = 0) {
  const snapshot = readScore(score);
  return snapshot.measures.map((_, index) =>
    (snapshot.unit(1, staff, index + 1).voices[voice]?.events ?? []).map((event) => ({
      marks: event.marks ?? [],
      lyrics: (event.lyrics ?? []).map(
        (lyric) =>
          `${lyric.verse}:${lyric.text}${lyric.hyphen ? '-' : ''}${lyric.extend ? '_' : ''}`,
      ),
    })),
  );
}

/** Every element name kept as XML anywhere in the score. */
function keptNames(score: Score): string {
  return (
    JSON.stringify(readScore(score).unit(1, 1, 1)) + JSON.stringify(readScore(score).unit(1, 1, 2))
  );
}

const slur = (type: 'start' | 'stop', level: 1 | 2 = 1): LaneMark => ({
  kind: 'slur',
  type,
  level,
});

describe('marks read into the model from a file with one voice', () => {
  const score = imported(caseText('marks-one-voice.musicxml'));
  const [m1, m2, m3] = events(score);

  it('puts each direction and chord symbol on the note it stands at, in canonical order', () => {
    expect(m1![0]!.marks).toEqual([
      { kind: 'dynamic', name: 'p' },
      { kind: 'tempo', text: 'Allegro', beat: { num: 1, den: 4 }, perMinute: 120 },
      { kind: 'chord-symbol', root: { step: 'C', alter: 0 }, quality: '' },
      slur('start'),
    ]);
    expect(m2![0]!.marks).toEqual([
      slur('stop'),
      { kind: 'hairpin', type: 'stop' },
      { kind: 'dynamic', name: 'f' },
      {
        kind: 'chord-symbol',
        root: { step: 'A', alter: 0 },
        quality: 'm',
        bass: { step: 'E', alter: 0 },
      },
    ]);
    expect(m2![2]!.marks).toEqual([
      { kind: 'articulation', name: 'tenuto' },
      { kind: 'fermata' },
      { kind: 'chord-symbol', root: { step: 'B', alter: 0 }, quality: 'm7b5' },
    ]);
  });

  it('reads a slur across the barline, and a hairpin that ends at the barline onto the next note', () => {
    expect(m1![3]!.marks).toEqual([{ kind: 'articulation', name: 'staccato' }, slur('start')]);
    expect(m1![2]!.marks).toContainEqual({ kind: 'hairpin', type: 'crescendo' });
    expect(m2![0]!.marks).toContainEqual({ kind: 'hairpin', type: 'stop' });
  });

  it('keeps a hairpin that would start and stop on one note as the file had it', () => {
    expect(m3![0]!.marks).toEqual([
      { kind: 'text', text: 'dolce', placement: 'above' },
      { kind: 'rehearsal', text: 'A' },
    ]);
    expect(JSON.stringify(readScore(score).unit(1, 1, 3))).toContain('"wedge"');
  });

  it('reads lyrics verse by verse, with hyphens', () => {
    expect(m1!.map((event) => event.lyrics)).toEqual([
      ['1:Freu-', '2:All'],
      ['1:de', '2:men'],
      ['1:schö', '2:wer'],
      ['1:ner', '2:den'],
    ]);
  });

  it('takes what it read out of the kept XML, and writes it back once', () => {
    const kept = keptNames(score);
    for (const name of ['lyric', 'slur', 'staccato', 'dynamics', 'harmony', 'metronome', 'fermata'])
      expect({ name, kept: kept.includes(`"n":"${name}"`) }).toEqual({ name, kept: false });
    const out = exportMusicXml(score);
    expect(out.match(/<lyric /g)).toHaveLength(13);
    expect(out.match(/<slur /g)).toHaveLength(4);
    expect(out.match(/<harmony>/g)).toHaveLength(4);
    expect(events(imported(out))).toEqual(events(score));
  });
});

const part = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>
<part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><staves>2</staves></attributes>${body}</measure></part></score-partwise>`;
const note = (
  step: string,
  options: { voice?: number; staff?: number; chord?: boolean; notations?: string } = {},
) =>
  `<note>${options.chord ? '<chord/>' : ''}<pitch><step>${step}</step><octave>4</octave></pitch><duration>1</duration><voice>${options.voice ?? 1}</voice><type>quarter</type><staff>${options.staff ?? 1}</staff>${options.notations ? `<notations>${options.notations}</notations>` : ''}</note>`;
const rests =
  '<backup><duration>4</duration></backup><note><rest/><duration>4</duration><voice>5</voice><staff>2</staff></note>';

describe('marks on notes', () => {
  it("pairs slur ends in the file's order, staff by staff, as MuseScore numbers them", () => {
    // MuseScore numbers the slurs of both staves of a measure 1: staff 1's closes before staff 2's
    // opens in the file, though in time staff 2's opens while staff 1's is open. Both are slurs
    // of their voice.
    const slurred = (step: string, staff: number, type?: 'start' | 'stop') =>
      note(step, {
        staff,
        voice: staff === 1 ? 1 : 5,
        ...(type ? { notations: `<slur type="${type}" number="1"/>` } : {}),
      });
    const score = imported(
      part(
        slurred('C', 1, 'start') +
          slurred('D', 1) +
          slurred('E', 1, 'stop') +
          slurred('F', 1) +
          '<backup><duration>4</duration></backup>' +
          slurred('C', 2) +
          slurred('D', 2, 'start') +
          slurred('E', 2) +
          slurred('F', 2, 'stop'),
      ),
    );
    const slurs = (staff: number) => events(score, staff)[0]!.map((event) => event.marks);
    expect(slurs(1)).toEqual([[slur('start')], [], [slur('stop')], []]);
    expect(slurs(2)).toEqual([[], [slur('start')], [], [slur('stop')]]);
    const snapshot = readScore(score);
    const kept = JSON.stringify([snapshot.unit(1, 1, 1), snapshot.unit(1, 2, 1)]);
    expect(kept).not.toContain('"n":"slur"');
  });

  it('gives a second slur open at the same time level 2, and keeps a slur between voices as XML', () => {
    const score = imported(
      part(
        note('C', { notations: '<slur type="start" number="1"/><slur type="start" number="2"/>' }) +
          note('D', { notations: '<slur type="stop" number="2"/>' }) +
          note('E', {
            notations: '<slur type="stop" number="1"/><slur type="start" number="3"/>',
          }) +
          note('F') +
          '<backup><duration>4</duration></backup>' +
          note('A', { voice: 2, staff: 1 }) +
          note('B', { voice: 2, staff: 1, notations: '<slur type="stop" number="3"/>' }) +
          '<note><rest/><duration>2</duration><voice>2</voice><staff>1</staff></note>' +
          rests,
      ),
    );
    const [m1] = events(score);
    expect(m1!.map((event) => event.marks)).toEqual([
      [slur('start', 2), slur('start', 1)],
      [slur('stop', 2)],
      [slur('stop', 1)],
      [],
    ]);
    expect(JSON.stringify(readScore(score).unit(1, 1, 1))).toContain('"number":"3"');
    expect(events(imported(exportMusicXml(score)))).toEqual(events(score));
  });

  it('reads two of three slurs drawn over each other in the order they start, and an export comes back the same', () => {
    // MuseScore writes some slurs three times over, from one note to the next: the model holds
    // two levels, the third is kept.
    const score = imported(
      part(
        note('C', {
          notations:
            '<slur type="start" number="1"/><slur type="start" number="2"/><slur type="start" number="3"/>',
        }) +
          note('D', {
            notations:
              '<slur type="stop" number="1"/><slur type="stop" number="2"/><slur type="stop" number="3"/>',
          }) +
          note('E') +
          note('F') +
          rests,
      ),
    );
    const [m1] = events(score);
    expect(m1!.slice(0, 2).map((event) => event.marks)).toEqual([
      [slur('start', 2), slur('start', 1)],
      [slur('stop', 1), slur('stop', 2)],
    ]);
    expect(JSON.stringify(readScore(score).unit(1, 1, 1))).toContain('"number":"3"');
    const out = exportMusicXml(score);
    const again = imported(out);
    expect(events(again)).toEqual(events(score));
    expect(exportMusicXml(again)).toBe(out);
  });

  it('reads a fingering per chord note, a tremolo and an arpeggio, and leaves what it cannot name', () => {
    const score = imported(
      part(
        note('C', { notations: '<technical><fingering>1</fingering></technical><arpeggiate/>' }) +
          note('E', {
            chord: true,
            notations: '<technical><fingering>3</fingering></technical><arpeggiate/>',
          }) +
          note('D', { notations: '<ornaments><tremolo type="single">3</tremolo></ornaments>' }) +
          note('E', { notations: '<articulations><scoop/><accent/></articulations>' }) +
          note('F', { notations: '<technical><fingering>1-2</fingering></technical>' }) +
          rests,
      ),
    );
    const unit = readScore(score).unit(1, 1, 1);
    const [chord, tremolo, scoop, fingering] = unit.voices[0]!.events;
    expect(chord?.kind === 'chord' && chord.notes.map((held) => held.fingering)).toEqual([1, 3]);
    expect(chord?.marks).toEqual([{ kind: 'arpeggio' }]);
    expect(tremolo?.marks).toEqual([{ kind: 'tremolo', strokes: 3 }]);
    expect(scoop?.marks).toEqual([{ kind: 'articulation', name: 'accent' }]);
    expect(JSON.stringify(scoop?.attachments)).toContain('"scoop"');
    expect(fingering?.marks).toBeUndefined();
    expect(JSON.stringify(fingering?.attachments)).toContain('1-2');
    expect(readScore(imported(exportMusicXml(score))).unit(1, 1, 1)).toEqual(unit);
  });

  it("reads ornaments in the model's order as marks, and keeps ornaments in another order as the file had them", () => {
    // MuseScore performs a note's ornaments in the file's order (Beethoven's op. 78, bar 18, has a
    // turn before an inverted mordent); export writes the model's marks in canonical order.
    const score = imported(
      part(
        note('C', { notations: '<ornaments><inverted-mordent/><turn/></ornaments>' }) +
          note('D', { notations: '<ornaments><turn/><inverted-mordent/></ornaments>' }) +
          note('E', {
            notations: '<ornaments><turn/><tremolo type="single">2</tremolo></ornaments>',
          }) +
          note('F') +
          rests,
      ),
    );
    const unit = readScore(score).unit(1, 1, 1);
    const [inOrder, reversed, withTremolo] = unit.voices[0]!.events;
    expect(inOrder?.marks).toEqual([
      { kind: 'ornament', name: 'inverted-mordent' },
      { kind: 'ornament', name: 'turn' },
    ]);
    expect(reversed?.marks).toBeUndefined();
    expect(withTremolo?.marks).toEqual([
      { kind: 'ornament', name: 'turn' },
      { kind: 'tremolo', strokes: 2 },
    ]);
    const out = exportMusicXml(score);
    expect(out).toContain('<turn/>\n            <inverted-mordent/>');
    expect(out).toContain('<inverted-mordent/>\n            <turn/>');
    expect(readScore(imported(out)).unit(1, 1, 1)).toEqual(unit);
  });

  it("reads articulations in the model's order as marks, and keeps articulations in another order as the file had them", () => {
    // MuseScore times a note by its last articulation: Ravel's Alborada writes an accent, then a
    // staccatissimo, and the model's order would put the staccatissimo first.
    const score = imported(
      part(
        note('C', { notations: '<articulations><staccato/><accent/></articulations>' }) +
          note('D', { notations: '<articulations><accent/><staccatissimo/></articulations>' }) +
          note('E') +
          note('F') +
          rests,
      ),
    );
    const [inOrder, reversed] = readScore(score).unit(1, 1, 1).voices[0]!.events;
    expect(inOrder?.marks).toEqual([
      { kind: 'articulation', name: 'staccato' },
      { kind: 'articulation', name: 'accent' },
    ]);
    expect(reversed?.marks).toBeUndefined();
    const out = exportMusicXml(score);
    expect(out).toContain('<accent/>\n            <staccatissimo/>');
    expect(readScore(imported(out)).unit(1, 1, 1)).toEqual(readScore(score).unit(1, 1, 1));
  });

  it("pairs the slur ends of a voice that crosses staves in the voice's order, as the file writes them", () => {
    // Debussy's Reflets dans l'eau, bar 23: voice 1 slurs from a note on staff 2 to one on staff 1.
    // Staff by staff, the stop would come first and stay alone, and the start would pair with the
    // stray stop of measure 2, drawing a slur of the model across the bar.
    const slurred = (step: string, staff: number, type: 'start' | 'stop') =>
      note(step, { staff, notations: `<slur type="${type}" number="1"/>` });
    const xml = part(
      slurred('D', 2, 'start') + slurred('E', 1, 'stop') + note('F') + note('G') + rests,
    ).replace(
      '</measure></part>',
      `</measure><measure number="2">${slurred('C', 2, 'stop')}${note('D', { staff: 2 })}${note('E', { staff: 2 })}${note('F', { staff: 2 })}</measure></part>`,
    );
    const score = imported(xml);
    const snapshot = readScore(score);
    const marks = [1, 2].flatMap((measure) =>
      [1, 2].flatMap((staff) =>
        snapshot
          .unit(1, staff, measure)
          .voices.flatMap((voice) => voice.events.flatMap((event) => event.marks ?? [])),
      ),
    );
    expect(marks).toEqual([]);
    const first = exportMusicXml(score).split('<measure number="2"')[0]!;
    expect(first.match(/<slur [^>]*\/>/g)).toEqual([
      '<slur type="start" number="1"/>',
      '<slur type="stop" number="1"/>',
    ]);
  });

  it('reads a metronome mark as a tempo only when its <sound> plays the tempo it shows', () => {
    // Chopin's étude op. 25/11 shows half = 69 and plays 128 quarters a minute: the model's tempo
    // has one speed, and export writes the <sound> from it.
    const tempo = (sound: string) =>
      `<direction placement="above"><direction-type><metronome><beat-unit>half</beat-unit><per-minute>69</per-minute></metronome></direction-type><staff>1</staff><sound tempo="${sound}"/></direction>`;
    const score = imported(
      part(tempo('138') + note('C') + note('D') + tempo('128') + note('E') + note('F') + rests),
    );
    const [shown, , played] = readScore(score).unit(1, 1, 1).voices[0]!.events;
    expect(shown?.marks).toEqual([{ kind: 'tempo', beat: { num: 1, den: 2 }, perMinute: 69 }]);
    expect(played?.marks).toBeUndefined();
    const out = exportMusicXml(score);
    expect(out).toContain('<sound tempo="138"/>');
    expect(out).toContain('<sound tempo="128"/>');
  });

  it('reads N.C. and a chord symbol where the voice has no note as marks at that onset', () => {
    const score = imported(
      part(
        '<note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type><staff>1</staff></note>' +
          '<backup><duration>2</duration></backup><harmony><root><root-step text="">C</root-step></root><kind text="N.C.">none</kind><staff>1</staff></harmony>' +
          '<forward><duration>2</duration></forward>' +
          rests,
      ),
    );
    const voice = readScore(score).unit(1, 1, 1).voices[0]!;
    expect(voice.onsetMarks).toEqual([
      { onset: { num: 1, den: 2 }, marks: [{ kind: 'chord-symbol', quality: '' }] },
    ]);
    expect(readScore(imported(exportMusicXml(score))).unit(1, 1, 1).voices[0]).toEqual(voice);
  });

  it('reads a chord symbol an <offset> puts later (a chord that changes during a held note) at its time, and keeps one it puts outside the measure', () => {
    // As MuseScore writes a chord change on beat 3 of a whole note: before the note, 2 divisions on.
    const harmony = (root: string, offset: number) =>
      `<harmony print-frame="no"><root><root-step>${root}</root-step></root><kind text="7">dominant</kind><offset>${offset}</offset></harmony>`;
    const score = imported(
      part(
        '<harmony print-frame="no"><root><root-step>C</root-step></root><kind>major</kind></harmony>' +
          harmony('G', 2) +
          harmony('F', 4) +
          '<note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type><staff>1</staff></note>' +
          rests,
      ),
    );
    const voice = readScore(score).unit(1, 1, 1).voices[0]!;
    expect(voice.events[0]!.marks).toEqual([
      { kind: 'chord-symbol', root: { step: 'C', alter: 0 }, quality: '' },
    ]);
    expect(voice.onsetMarks).toEqual([
      {
        onset: { num: 1, den: 2 },
        marks: [{ kind: 'chord-symbol', root: { step: 'G', alter: 0 }, quality: '7' }],
      },
    ]);
    // The F7 four beats on stands past the bar: kept as the file had it.
    const out = exportMusicXml(score);
    expect(out).toMatch(/<root-step>F<\/root-step>[\s\S]*?<offset>4<\/offset>/);
    const again = imported(out);
    expect(readScore(again).unit(1, 1, 1).voices[0]).toEqual(voice);
    expect(exportMusicXml(again)).toBe(out);
  });

  it("writes a mark the file repeats on a note after the model's, so every later round trip reads the same one", () => {
    // A string quartet's file repeats a staccato, both placed above: the model reads one, the
    // other stays kept, placement and all, and reading the export again takes the model's.
    const score = imported(
      part(
        note('C', {
          notations:
            '<articulations><staccato placement="above"/><staccato placement="above"/></articulations>',
        }) +
          note('D') +
          note('E') +
          note('F') +
          rests,
      ),
    );
    const [m1] = events(score);
    expect(m1![0]!.marks).toEqual([{ kind: 'articulation', name: 'staccato' }]);
    const out = exportMusicXml(score);
    expect(out).toContain('<staccato/>');
    expect(out).toContain('<staccato placement="above"/>');
    expect(out.indexOf('<staccato/>')).toBeLessThan(out.indexOf('<staccato placement="above"/>'));
    expect(exportMusicXml(imported(out))).toBe(out);
  });

  it('writes the dynamic of a note with grace notes before them, where a repeated copy was kept', () => {
    // A quartet's file has two sf before a grace note, the second placed above: the model reads
    // the first onto the main note, and its export puts it before the grace note, ahead of the
    // kept copy, so reading the export again takes the model's sf and keeps the copy as it was.
    const sf = (attributes: string) =>
      `<direction${attributes}><direction-type><dynamics><sf/></dynamics></direction-type><staff>1</staff></direction>`;
    const grace =
      '<note><grace slash="yes"/><pitch><step>B</step><octave>4</octave></pitch><voice>1</voice><type>eighth</type><staff>1</staff></note>';
    const score = imported(
      part(
        sf(' placement="below"') +
          sf(' placement="above"') +
          grace +
          note('C') +
          note('D') +
          note('E') +
          note('F') +
          rests,
      ),
    );
    const [m1] = events(score);
    expect(m1!.map((event) => event.marks)).toEqual([
      [],
      [{ kind: 'dynamic', name: 'sf' }],
      [],
      [],
      [],
    ]);
    const out = exportMusicXml(score);
    const modelSf = out.indexOf('<direction placement="below">');
    expect(modelSf).toBeGreaterThan(0);
    expect(modelSf).toBeLessThan(out.indexOf('<direction placement="above">'));
    expect(out.indexOf('<direction placement="above">')).toBeLessThan(out.indexOf('<grace'));
    expect(exportMusicXml(imported(out))).toBe(out);
  });

  it('keeps a second hairpin that starts on the same note as XML, so the read writes back as it is', () => {
    const wedge = (type: string, number: number) =>
      `<direction><direction-type><wedge type="${type}" number="${number}"/></direction-type><staff>1</staff></direction>`;
    const score = imported(
      part(
        wedge('crescendo', 1) +
          wedge('crescendo', 2) +
          note('C') +
          note('D') +
          wedge('stop', 1) +
          wedge('stop', 2) +
          note('E') +
          note('F') +
          rests,
      ),
    );
    const [m1] = events(score);
    expect(m1!.map((event) => event.marks)).toEqual([
      [{ kind: 'hairpin', type: 'crescendo' }],
      [],
      [{ kind: 'hairpin', type: 'stop' }],
      [],
    ]);
    expect(JSON.stringify(readScore(score).unit(1, 1, 1))).toContain('"number":"2"');
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error(read.problems[0]?.message);
    const planned = plan(score, { start: 1, end: 1, text: read.lanes, revision: read.revision });
    expect(planned.ok && planned.plan.changes.every((change) => change.unchanged)).toBe(true);
  });
});

describe('lyrics kept as XML', () => {
  const sung = (step: string, lyrics: string, tie = '') =>
    `<note><pitch><step>${step}</step><octave>4</octave></pitch><duration>2</duration>${tie}<voice>1</voice><type>half</type>${lyrics}</note>`;
  const lyric = (number: string, text: string) =>
    `<lyric number="${number}" default-y="-80"><syllabic>single</syllabic><text>${text}</text></lyric>`;

  it("are written with their verse's number, so a second import reads the same verses", () => {
    // As music21 writes a Kyrie: every lyric of the part numbered "part4verse1", and a note that
    // ends one phrase and starts the next with two of them. The model takes one syllable of a
    // verse on a note; the second is kept.
    const score = imported(
      part(
        sung('C', lyric('part4verse1', 'e'), '') +
          sung('D', lyric('part4verse1', 'leison') + lyric('part4verse1', 'Christe')) +
          rests,
      ),
    );
    expect(events(score)[0]!.map((event) => event.lyrics)).toEqual([['1:e'], ['1:leison']]);
    const out = exportMusicXml(score);
    expect(out.match(/<lyric number="1"/g)).toHaveLength(3);
    expect(out).not.toContain('part4verse1');
    const again = imported(out);
    expect(events(again)).toEqual(events(score));
    expect(exportMusicXml(again)).toBe(out);
  });

  it('on the continuation of a tie, numbered as the verse of the syllables around them', () => {
    // A part whose one verse is numbered "2": the model writes it as verse 1.
    const tieStart = '<tie type="start"/>';
    const tieStop = '<tie type="stop"/>';
    const score = imported(
      part(sung('G', lyric('2', 'Kin'), tieStart) + sung('G', lyric('2', 'der'), tieStop) + rests),
    );
    expect(events(score)[0]!.map((event) => event.lyrics)).toEqual([['1:Kin'], []]);
    const out = exportMusicXml(score);
    expect(out.match(/<lyric number="1"/g)).toHaveLength(2);
  });
});
