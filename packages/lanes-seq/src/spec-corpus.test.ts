/**
 * Runs every example in the notation's contract, LANES-SEQ.md, through the
 * parser: the code blocks, the inline events, and the hints it promises.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from './parse.ts';
import { parseScoreFile } from './score-file.ts';
import { serialize } from './serialize.ts';

const specPath = fileURLToPath(new URL('../../../../shared/LANES-SEQ.md', import.meta.url));
const spec = readFileSync(specPath, 'utf8');
const codeBlocks = [...spec.matchAll(/```\n([\s\S]*?)```/g)].map((match) => match[1]!);
const inlineCode = [...spec.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

const isGrammar = (block: string) => /^\w[\w-]*\s+=/.test(block.trim());
const isScoreFile = (block: string) => block.trimStart().startsWith('%%');
const lanesBlocks = codeBlocks.filter((block) => !isGrammar(block) && !isScoreFile(block));

describe('LANES-SEQ.md examples', () => {
  it('finds the grammar, a lanes example and a score file in the spec', () => {
    expect(codeBlocks.filter(isGrammar).length).toBeGreaterThanOrEqual(2);
    expect(lanesBlocks.length).toBeGreaterThanOrEqual(1);
    expect(codeBlocks.filter(isScoreFile)).toHaveLength(1);
  });

  it.each(lanesBlocks)('parses the example block and writes it back canonically:\n%s', (block) => {
    const result = parse(block);
    expect(result.issues).toEqual([]);
    if (!result.ok) return;
    const canonical = serialize(result.document);
    const expected = block
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('%'))
      .join('\n');
    // The example is written measure by measure for reading; the canonical order is measure, part, staff, voice.
    expect(canonical.trimEnd().split('\n').sort()).toEqual(expected.split('\n').sort());
  });

  it('reads every directive of the score-file example, and reports its "..." line as not a lane', () => {
    const block = codeBlocks.find(isScoreFile)!;
    const result = parseScoreFile(block);
    expect(result.ok).toBe(false);
    expect(result.issues.map((issue) => issue.code)).toEqual(['missing-lane-header']);
    const elided = block.replace(/^\.\.\.$/m, '');
    const complete = parseScoreFile(elided);
    if (!complete.ok) throw new Error(JSON.stringify(complete.issues));
    expect(complete.score.header).toEqual({
      title: 'Ode',
      parts: [
        { name: 'Violin', staves: 1, clefs: ['treble'] },
        { name: 'Piano', staves: 2, clefs: ['treble', 'bass'] },
      ],
      measures: 16,
      times: [
        { measure: 1, beats: 4, beatType: 4 },
        { measure: 9, beats: 3, beatType: 4 },
      ],
      keys: [
        { measure: 1, tonic: { step: 'G', alter: 0 }, mode: 'major', fifths: 1 },
        { measure: 9, tonic: { step: 'E', alter: 0 }, mode: 'minor', fifths: 1 },
      ],
      pickups: [{ measure: 1, length: { num: 1, den: 4 } }],
    });
  });

  const inlineEvents = [
    ...new Set(inlineCode.filter((code) => /^[A-G(rx][^\s=]*(?: [^\s=]+)*=g?\d/.test(code))),
  ];

  it('finds the inline event examples', () => {
    expect(inlineEvents).toEqual(
      expect.arrayContaining(['D5=g1/16', '(C4 E4 G4)=1/2', 'r=1/4', 'x=1/4', '(C4~ E4 G4)=1/2']),
    );
  });

  it.each(inlineEvents)('parses the inline example %s as a lane', (event) => {
    expect(parse(`P1 s1 v1 m1: ${event}`).issues).toEqual([]);
  });

  it('reads unreduced fractions as the spec says: 2/8 reads as 1/4', () => {
    const result = parse('P1 s1 v1 m1: C4=2/8');
    expect(result.ok && serialize(result.document)).toBe('P1 s1 v1 m1: C4=1/4\n');
  });

  it.each([
    ['c4', 'pitch steps are upper case: C4'],
    ['F♯4', 'write sharps as #'],
  ])('gives the hint the spec promises for "%s"', (event, hint) => {
    const result = parse(`P1 s1 v1 m1: ${event}=1/4`);
    expect(result.issues[0]?.hint).toContain(hint);
  });

  it('gives the hint the spec promises for a header without a staff', () => {
    const result = parse('P1 v1 m2: C4=1');
    expect(result.issues[0]?.hint).toBe('a lane header needs a staff: P1 s1 v1 m2');
  });
});
