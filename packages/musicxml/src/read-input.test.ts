import { readMeasures } from '@scorelane/score-model';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { MAX_SCORE_BYTES } from './limits.ts';

const SCORE = new TextDecoder().decode(fixtureBytes('01a-Pitches-Pitches.xml'));
const CONTAINER = (rootfiles: string) =>
  strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><container><rootfiles>${rootfiles}</rootfiles></container>`,
  );

/** The fixture with `size` bytes of spaces in a comment: compresses about 1000 to 1. */
function padded(size: number): Uint8Array {
  const [head, tail] = SCORE.split('<part-list>');
  const before = strToU8(`${head}<!--`);
  const after = strToU8(`--><part-list>${tail}`);
  const bytes = new Uint8Array(before.length + size + after.length);
  bytes.set(before);
  bytes.fill(32, before.length, before.length + size);
  bytes.set(after, before.length + size);
  return bytes;
}

/** Sets the declared unpacked size of every entry (local headers and central directory). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 4 <= copy.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return copy;
}

function refusal(input: string | Uint8Array): { code: string; message: string } {
  const result = importMusicXml(input);
  if (result.ok) throw new Error('expected a refusal');
  return { code: result.problems[0]!.code, message: result.problems[0]!.message };
}

describe('size limit', () => {
  const bomb = zipSync(
    {
      'META-INF/container.xml': CONTAINER('<rootfile full-path="s.xml"/>'),
      's.xml': padded(MAX_SCORE_BYTES + 1024),
    },
    { level: 9 },
  );

  it('a small .mxl that unpacks to more than MAX_SCORE_BYTES is refused as too-large, from its declared size', () => {
    expect(bomb.length).toBeLessThan(200_000);
    const { code, message } = refusal(bomb);
    expect(code).toBe('too-large');
    expect(message).toMatch(
      /^The \.mxl archive says its score s\.xml unpacks to \d+ bytes, more than 64 MiB/,
    );
  });

  it('the same archive declaring a small size is stopped while unpacking', () => {
    const { code, message } = refusal(declareSize(bomb, 1000));
    expect(code).toBe('too-large');
    expect(message).toContain("The .mxl archive's score s.xml unpacks to more than 64 MiB");
  });

  it('plain text or bytes over the limit are refused before parsing', () => {
    const big = padded(MAX_SCORE_BYTES + 1);
    expect(refusal(big).code).toBe('too-large');
    expect(refusal(new TextDecoder().decode(big)).code).toBe('too-large');
  });

  it('a score just under the limit still reads, from an archive too', () => {
    const archive = zipSync({ 's.xml': padded(1_000_000) });
    expect(importMusicXml(archive).ok).toBe(true);
  });
});

describe('.mxl rootfiles', () => {
  it('reads the first rootfile whose media type is MusicXML', () => {
    const archive = zipSync({
      'META-INF/container.xml': CONTAINER(
        '<rootfile full-path="cover.pdf" media-type="application/pdf"/><rootfile full-path="score.xml" media-type="application/vnd.recordare.musicxml+xml"/>',
      ),
      'cover.pdf': strToU8('%PDF-1.4'),
      'score.xml': strToU8(SCORE),
    });
    const result = importMusicXml(archive);
    if (!result.ok) throw new Error(result.problems[0]?.message);
    const read = readMeasures(result.score, { start: 1, end: 1 });
    expect(read.ok && read.lanes.startsWith('P1 s1 v1 m1: G2=1/4')).toBe(true);
  });

  it('refuses an archive whose rootfiles are none MusicXML, naming what they are', () => {
    const archive = zipSync({
      'META-INF/container.xml': CONTAINER(
        '<rootfile full-path="score.pdf" media-type="application/pdf"/>',
      ),
      'score.pdf': strToU8('%PDF-1.4'),
    });
    const { code, message } = refusal(archive);
    expect(code).toBe('unreadable-archive');
    expect(message).toContain('its rootfiles are score.pdf (application/pdf)');
  });
});

describe('.mxl whose container names a score the archive does not hold', () => {
  it('reads the one score inside, and warns that the container points outside the archive', () => {
    const archive = zipSync({
      'META-INF/container.xml': CONTAINER('<rootfile full-path="../../etc/score.xml"/>'),
      'score.xml': strToU8(SCORE),
    });
    const result = importMusicXml(archive);
    if (!result.ok) throw new Error(result.problems[0]?.message);
    const warning = result.warnings.find((each) => each.code === 'rootfile-not-in-archive');
    expect(warning?.message).toContain(
      'names the score "../../etc/score.xml", which is outside the archive; the one score inside, score.xml, was read instead',
    );
    const read = readMeasures(result.score, { start: 1, end: 1 });
    expect(read.ok && read.lanes.startsWith('P1 s1 v1 m1: G2=1/4')).toBe(true);
  });

  it('says a missing rootfile is not in the archive, and which of several files it read', () => {
    const archive = zipSync({
      'META-INF/container.xml': CONTAINER('<rootfile full-path="gone.musicxml"/>'),
      'a.xml': strToU8(SCORE),
      'b.xml': strToU8(SCORE),
    });
    const result = importMusicXml(archive);
    if (!result.ok) throw new Error(result.problems[0]?.message);
    expect(result.warnings.map((each) => each.message)).toContainEqual(
      expect.stringContaining(
        '"gone.musicxml", which is not in the archive; the first of the 2 .musicxml and .xml files inside, a.xml, was read instead',
      ),
    );
  });

  it('refuses, naming the path, when no other score is inside', () => {
    const archive = zipSync({
      'META-INF/container.xml': CONTAINER('<rootfile full-path="/score.xml"/>'),
      'notes.txt': strToU8('hello'),
    });
    const { code, message } = refusal(archive);
    expect(code).toBe('unreadable-archive');
    expect(message).toContain(
      'names the score "/score.xml", which is outside the archive, and no other .musicxml or .xml file is inside',
    );
  });
});
