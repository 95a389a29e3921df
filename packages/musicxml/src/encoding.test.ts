import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { decodeText } from './read-input.ts';

/** A score whose one lyric is `lyric`, as bytes, declaring `encoding`. */
function file(encoding: string, lyric: readonly number[]): Uint8Array {
  const head = new TextEncoder().encode(
    `<?xml version="1.0" encoding="${encoding}"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>A</part-name></score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions></attributes><note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><voice>1</voice><type>whole</type><lyric><text>`,
  );
  const tail = new TextEncoder().encode('</text></lyric></note></measure></part></score-partwise>');
  return new Uint8Array([...head, ...lyric, ...tail]);
}

function lyricOf(bytes: Uint8Array): string | undefined {
  const result = importMusicXml(bytes);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  expect(result.warnings).toEqual([]);
  return /<text>(.*)<\/text>/.exec(exportMusicXml(result.score))?.[1];
}

describe('the declared encoding is used', () => {
  it.each([
    ['Shift_JIS', [0x82, 0xa0, 0x82, 0xa2], 'あい'],
    ['ISO-8859-2', [0xb1, 0xe6], 'ąć'],
    ['windows-1252', [0x80, 0x93, 0x9f, 0xe9], '€“Ÿé'],
    ['ISO-8859-1', [0xe9], 'é'],
  ])('%s', (encoding, bytes, text) => {
    expect(lyricOf(file(encoding, bytes))).toBe(text);
  });

  it('a UTF-16 file without a byte-order mark', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><a/>';
    const bytes = new Uint8Array(text.length * 2);
    for (let index = 0; index < text.length; index++) bytes[index * 2] = text.charCodeAt(index);
    expect(decodeText(bytes)).toEqual({ ok: true, text, warnings: [] });
  });

  it('an encoding the runtime cannot decode is refused, naming it', () => {
    const result = importMusicXml(file('x-klingon', [0x41]));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems[0]?.code).toBe('unsupported-encoding');
      expect(result.problems[0]?.message).toContain('"x-klingon"');
    }
  });

  it('bytes that are not valid UTF-8 are read as U+FFFD with a warning', () => {
    const result = importMusicXml(file('UTF-8', [0xff, 0x41]));
    if (!result.ok) throw new Error('refused');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['encoding-errors']);
    expect(result.warnings[0]?.message).toContain(
      '1 place in it was read as the replacement character',
    );
  });
});
