import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportMusicXmlWithinLimit, exportMxlWithinLimit } from './export-limit.ts';
import { exportMusicXml } from './export-musicxml.ts';
import { exportMxl } from './export-mxl.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

/** A real score whose text holds more than ASCII (its credits' "©" is 2 bytes in UTF-8). */
function score() {
  const result = importMusicXml(fixtureBytes('51c-MultipleRights.xml'));
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

describe('exports are checked against the limit import reads', () => {
  it('refuses MusicXML one byte over the limit, naming both sizes, and writes it at the limit', () => {
    const text = exportMusicXml(score());
    const bytes = new TextEncoder().encode(text).length;
    const over = exportMusicXmlWithinLimit(score(), { maxBytes: bytes - 1 });
    expect(over).toEqual({
      ok: false,
      problems: [
        {
          code: 'too-large',
          message: `The score's MusicXML is ${bytes} bytes, more than the ${bytes - 1} bytes Scorelane reads, so a file of it could not be opened again; nothing was written. Save it as .lanes, or split the score into smaller ones.`,
        },
      ],
    });
    expect(exportMusicXmlWithinLimit(score(), { maxBytes: bytes })).toEqual({
      ok: true,
      content: text,
    });
  });

  it('counts UTF-8 bytes, not characters', () => {
    const text = exportMusicXml(score());
    const bytes = new TextEncoder().encode(text).length;
    expect(bytes).toBeGreaterThan(text.length);
    expect(exportMusicXmlWithinLimit(score(), { maxBytes: text.length }).ok).toBe(false);
  });

  it('checks an .mxl by the score it unpacks to, and writes the same archive as exportMxl', () => {
    const bytes = new TextEncoder().encode(exportMusicXml(score())).length;
    const over = exportMxlWithinLimit(score(), { maxBytes: bytes - 1 });
    expect(over.ok ? undefined : over.problems[0]?.code).toBe('too-large');
    const written = exportMxlWithinLimit(score(), { maxBytes: bytes });
    if (!written.ok) throw new Error(written.problems[0]?.message);
    expect(unzipSync(written.content)).toEqual(unzipSync(exportMxl(score())));
  });
});
