/**
 * Problems are bounded: past `LIMITS.maxIssues` a result lists one summary
 * instead, so the biggest malformed text still gets a short answer, and
 * the parser never runs out of memory ("never throws on any string").
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from './issue.ts';
import { parse } from './parse.ts';
import { parseScoreFile } from './score-file.ts';

const H = 'P1 s1 v1 m1: ';

describe('problem cap', () => {
  it('lists the first problems and one summary for 4 MB of one mistake', () => {
    const text = `${H}${'c4=1/4 '.repeat(600_000)}`;
    const result = parse(text);
    expect(result.ok).toBe(false);
    expect(result.issues).toHaveLength(LIMITS.maxIssues + 1);
    expect(result.issues.slice(0, -1).every((issue) => issue.code === 'lowercase-step')).toBe(true);
    const summary = result.issues.at(-1)!;
    expect(summary.code).toBe('too-many-problems');
    expect(summary.message).toBe(
      '... and 599,900 more problems from here on (599,900 lowercase-step), not listed one by one; 600,000 in all.',
    );
    // It points at the first problem it did not list: the 101st "c4".
    expect(summary.column).toBe(H.length + 1 + 7 * LIMITS.maxIssues);
    expect(JSON.stringify(result.issues).length).toBeLessThan(64_000);
  });

  it('names the most frequent kinds of the problems it did not list', () => {
    const lines = [];
    for (let i = 0; i < 300; i++) lines.push(`${H}c4=1/4 D4=0`, 'E4=1/4');
    const result = parse(lines.join('\n'));
    const summary = result.issues.at(-1)!.message;
    expect(summary).toMatch(/^\.\.\. and 800 more problems from here on \(/);
    for (const code of ['lowercase-step', 'zero-duration', 'missing-lane-header']) {
      expect(summary).toMatch(new RegExp(`\\d+ ${code}`));
    }
  });

  it('lists every problem, and no summary, up to the cap', () => {
    const result = parse(`${H}${'c4=1/4 '.repeat(LIMITS.maxIssues)}`);
    expect(result.issues).toHaveLength(LIMITS.maxIssues);
    expect(result.issues.map((issue) => issue.code)).not.toContain('too-many-problems');
  });

  // 4 MiB is enough to prove the bound: without it, each "(" would be a problem of its own
  // (millions of them). The test asserts sizes, never time, and keeps the shared timeout, so a
  // loaded machine only makes it slower.
  it('answers 4 MiB of "(" with a bounded result instead of one problem per character', () => {
    const bare = parse('('.repeat(4 * 1024 * 1024));
    expect(bare.issues.map((issue) => issue.code)).toEqual(['missing-lane-header']);
    const inLane = parse(`${H}${'('.repeat(4 * 1024 * 1024)}`);
    expect(inLane.issues.map((issue) => issue.code)).toEqual(['unclosed-chord']);
    const closers = parse(`${H}${')'.repeat(256 * 1024)}`);
    expect(closers.issues).toHaveLength(LIMITS.maxIssues + 1);
  });
});

describe('problem cap in score files', () => {
  it('bounds the problems of the lanes checked against the header too', () => {
    const head =
      '%% part P1 name="Violin" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\n';
    const lanes = Array.from({ length: 250 }, (_, i) => `P2 s1 v1 m${i + 1}: C4=1`).join('\n');
    const result = parseScoreFile(`${head}${lanes}\n`);
    expect(result.issues).toHaveLength(LIMITS.maxIssues + 1);
    expect(result.issues.at(-1)!.message).toBe(
      '... and 150 more problems from here on (150 undeclared-part), not listed one by one; 250 in all.',
    );
    expect(result.issues.at(-1)!.line).toBe(4 + LIMITS.maxIssues);
  });

  it("counts the parser's problems past the cap with the score file's own", () => {
    const head =
      '%% part P1 name="Violin" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\n';
    const result = parseScoreFile(`${head}%% tempo 120\n${H}${'c4=1/4 '.repeat(150)}\n`);
    expect(result.issues).toHaveLength(LIMITS.maxIssues + 1);
    expect(result.issues[0]!.code).toBe('unknown-directive');
    expect(result.issues.at(-1)!.message).toBe(
      '... and 51 more problems from here on (51 lowercase-step), not listed one by one; 151 in all.',
    );
  });
});
