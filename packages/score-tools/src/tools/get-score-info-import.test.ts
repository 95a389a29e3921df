import { importMusicXml } from '@scorelane/musicxml';
import { createUndoController } from '@scorelane/undo';
import { describe, expect, it } from 'vitest';
import { createScoreTools } from '../create-score-tools.ts';

/** A one-part MusicXML file of our own: `measures` are the bodies of its measures (divisions 1). */
function musicXml(measures: readonly string[]): string {
  const body = measures
    .map((content, index) => `<measure number="${index + 1}">${content}</measure>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Flute</part-name></score-part></part-list>
<part id="P1">${body}</part></score-partwise>`;
}

const attributes = (key: string, time = '<time><beats>4</beats><beat-type>4</beat-type></time>') =>
  `<attributes><divisions>1</divisions>${key}${time}</attributes>`;
const note = (beats: number, voice = 1) =>
  `<note><pitch><step>A</step><octave>4</octave></pitch><duration>${beats}</duration><voice>${voice}</voice></note>`;
const bar = (...beats: number[]) => beats.map((length) => note(length)).join('');
const barline = (location: string, style: string, repeat = '') =>
  `<barline location="${location}"><bar-style>${style}</bar-style>${repeat}</barline>`;
/** Words kept as the file wrote them (their `<offset>` is more than a text mark of the model holds). */
const words = (text: string, extra = '<offset>0</offset>') =>
  `<direction><direction-type><words>${text}</words></direction-type>${extra}</direction>`;

/** The tools on the score the file holds, told its import warnings as a host tells them. */
function toolsOn(file: string) {
  const imported = importMusicXml(file);
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
  const tools = createScoreTools({
    score: imported.score,
    undo: createUndoController(imported.score.doc),
    importWarnings: imported.warnings.map((warning) => ({
      message: warning.message,
      ...(warning.measure === undefined ? {} : { measure: warning.measure }),
    })),
  });
  return { tools, warnings: imported.warnings };
}

async function infoOf(file: string): Promise<Record<string, unknown>> {
  const info = await toolsOn(file).tools.invoke('get_score_info', {});
  if (!info.ok) throw new Error(info.result.content[0]?.text);
  return info.output;
}

async function keyWordsOf(key: string): Promise<{ info: string; read: string }> {
  const { tools } = toolsOn(musicXml([attributes(key) + bar(4)]));
  const info = await tools.invoke('get_score_info', {});
  const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 1 });
  if (!info.ok || !read.ok) throw new Error('get_score_info or read_measures failed');
  const [change] = info.output.key_changes as { key: string }[];
  const keyLine = String(read.output.lanes_seq)
    .split('\n')
    .find((line) => line.startsWith('% key'));
  return { info: change?.key ?? '', read: keyLine ?? '' };
}

describe('get_score_info on an imported file says only what the file says', () => {
  it('claims no mode the file does not give: "no sharps or flats", "2 sharps", "3 flats"; a stated mode is named', async () => {
    expect(await keyWordsOf('<key><fifths>0</fifths></key>')).toEqual({
      info: 'no sharps or flats',
      read: '% key no sharps or flats from m1',
    });
    expect((await keyWordsOf('<key><fifths>2</fifths></key>')).info).toBe('2 sharps');
    expect((await keyWordsOf('<key><fifths>-1</fifths></key>')).info).toBe('1 flat');
    expect((await keyWordsOf('<key><fifths>-3</fifths><mode>dorian</mode></key>')).info).toBe(
      '3 flats',
    );
    expect((await keyWordsOf('')).info).toBe('no sharps or flats');
    expect(await keyWordsOf('<key><fifths>0</fifths><mode>minor</mode></key>')).toEqual({
      info: 'A minor',
      read: '% key A minor from m1',
    });
    expect((await keyWordsOf('<key><fifths>0</fifths><mode>major</mode></key>')).info).toBe(
      'C major',
    );
  });

  it('setting C major over a key with no mode states the mode, and is a change', async () => {
    const { tools } = toolsOn(musicXml([attributes('<key><fifths>0</fifths></key>') + bar(4)]));
    const set = await tools.invoke('set_key_signature', { measure: 1, tonic: 'C', mode: 'major' });
    expect(set.ok).toBe(true);
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok && info.output.key_changes).toEqual([{ measure: 1, key: 'C major' }]);
  });

  it('names text directions by kind: tempo, dynamics as words, chord text, other text', async () => {
    const info = await infoOf(
      musicXml([
        attributes('<key><fifths>0</fifths></key>') + words('Allegro') + bar(4),
        words('Con brio', '<sound tempo="132"/>') + bar(4),
        bar(4),
        bar(4),
        words('cresc.') + words('N.C.') + words('dolce') + bar(4),
        bar(4),
        bar(4),
        bar(4),
        // Read into the model as its own marks (no <offset>): named the same way.
        `<direction><direction-type><rehearsal>B</rehearsal></direction-type></direction>${words('dim.', '')}${words('poco rit.', '')}${bar(4)}`,
      ]),
    );
    const synopsis = String(info.synopsis);
    expect(synopsis).toContain('tempo "Allegro"m1');
    expect(synopsis).toContain('tempo "Con brio"m2');
    expect(synopsis).toContain('dynamics "cresc."m5');
    expect(synopsis).toContain('chord "N.C."m5');
    expect(synopsis).toContain('text "dolce"m5');
    expect(synopsis).toContain('[B]m9');
    expect(synopsis).toContain('dynamics "dim."m9');
    expect(synopsis).toContain('tempo "poco rit."m9');
    expect(synopsis).not.toContain('tempo "cresc."');
    expect(synopsis).not.toContain('tempo text');
  });

  it('lists as pickups only measures short at the start of a section, the others as short measures', async () => {
    const key = '<key><fifths>0</fifths></key>';
    const info = await infoOf(
      musicXml([
        attributes(key) + bar(1), // m1: a pickup
        bar(4),
        bar(3) + barline('right', 'light-heavy', '<repeat direction="backward"/>'), // m3: split at a repeat
        bar(1), // m4: the rest of the split bar
        bar(4) + barline('right', 'light-light'),
        bar(2), // m6: after a double bar, a pickup
        bar(4),
        attributes('', '<time><beats>3</beats><beat-type>4</beat-type></time>') + bar(1), // m8: new time, a pickup
        bar(3),
        bar(2) + barline('right', 'light-heavy'), // m10: a short final bar
      ]),
    );
    expect(info.pickups).toEqual([
      { measure: 1, length: '1/4' },
      { measure: 6, length: '1/2' },
      { measure: 8, length: '1/4' },
    ]);
    expect(info.short_measures).toEqual([
      { measure: 3, length: '3/4' },
      { measure: 4, length: '1/4' },
      { measure: 10, length: '1/2' },
    ]);
  });

  it("gives the import's warnings: their count and the first five, each with its measure", async () => {
    // Seven measures whose two notes of one voice overlap: seven voice-overlap warnings.
    const overlapping = `${note(2)}<backup><duration>1</duration></backup>${note(3)}`;
    const { tools, warnings } = toolsOn(
      musicXml([
        attributes('<key><fifths>0</fifths></key>') + overlapping,
        ...Array.from({ length: 6 }, () => overlapping),
      ]),
    );
    expect(warnings.length).toBeGreaterThan(5);
    const info = await tools.invoke('get_score_info', {});
    if (!info.ok) throw new Error(info.result.content[0]?.text);
    const reported = info.output.import_warnings as {
      count: number;
      first: { measure?: number; message: string }[];
    };
    expect(reported.count).toBe(warnings.length);
    expect(reported.first).toHaveLength(5);
    expect(reported.first.map((warning) => warning.measure)).toEqual(
      warnings.slice(0, 5).map((warning) => warning.measure),
    );
    expect(reported.first[0]?.message).toBe(warnings[0]?.message);
    const clean = await infoOf(musicXml([attributes('') + bar(4)]));
    expect(clean).not.toHaveProperty('import_warnings');
  });
});
