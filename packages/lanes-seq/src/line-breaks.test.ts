/**
 * Windows line endings: `\r\n` is a line break wherever `\n` is, blank lines
 * and comment lines included, so a file saved on Windows reads the same.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { arbitraryDocument } from './arbitrary-document.test-support.ts';
import { parse } from './parse.ts';
import { parseScoreFile } from './score-file.ts';
import { serialize } from './serialize.ts';

/** A valid text of the document with blank lines, comments and indentation between its lanes. */
const arbitraryValidText = fc
  .tuple(
    arbitraryDocument,
    fc.array(fc.constantFrom('', '   ', '% a comment', '\t% indented comment', '%'), {
      maxLength: 12,
    }),
    fc.nat(),
  )
  .map(([document, extras, seed]) => {
    const lines = serialize(document).split('\n');
    extras.forEach((extra, index) => {
      lines.splice((seed + index * 7) % (lines.length + 1), 0, extra);
    });
    return lines.join('\n');
  });

describe('line endings', () => {
  it.each([
    ['a blank line between lanes', 'P1 s1 v1 m1: D5=1\r\n\r\nP1 s1 v1 m2: D5=1\r\n'],
    ['a lone line break', '\r\n'],
    ['blank lines only', '\r\n\r\n\r\n'],
    ['a blank line that holds spaces', 'P1 s1 v1 m1: D5=1\r\n  \r\nP1 s1 v1 m2: D5=1'],
  ])('reads %s', (_name, text) => {
    expect(parse(text).issues).toEqual([]);
  });

  it('reads a .lanes score file saved on Windows', () => {
    const file = [
      '%% title: Ode',
      '%% part P1 name="Violin" staves=1 clefs=treble',
      '%% time m1 4/4',
      '%% key m1 D major',
      '',
      '% the melody',
      'P1 s1 v1 m1: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4',
      '',
      'P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4 E4=1/4',
      '',
    ].join('\r\n');
    const result = parseScoreFile(file);
    expect(result.issues).toEqual([]);
    expect(result.ok && result.score.header.title).toBe('Ode');
  });

  it('still refuses a carriage return with no line feed after it', () => {
    const result = parse('P1 s1 v1 m1: D5=1\rP1 s1 v1 m2: D5=1');
    expect(result.issues.map((issue) => issue.code)).toEqual(['unexpected-character']);
  });

  test.prop([arbitraryValidText], { numRuns: 200 })(
    'any valid text with \\n replaced by \\r\\n parses to the same document',
    (text) => {
      const unix = parse(text);
      expect(unix.issues).toEqual([]);
      const windows = parse(text.replaceAll('\n', '\r\n'));
      expect(windows.issues).toEqual([]);
      if (!unix.ok || !windows.ok) return;
      expect(windows.document).toEqual(unix.document);
    },
  );
});
