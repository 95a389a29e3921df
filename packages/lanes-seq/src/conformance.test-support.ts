/**
 * The conformance corpus (`conformance.json`) and the numbered examples of
 * the specification (`SPEC.md`), as the tests read them. Not part of the
 * published package: the two files ship as they are.
 */
import { readFileSync } from 'node:fs';
import type { IssueCode } from './issue.ts';
import { parse } from './parse.ts';
import { parseScoreFile } from './score-file.ts';
import { serialize } from './serialize.ts';
import { serializeScoreFile } from './serialize-score-file.ts';

/** What a case says an input reads as: problems are compared without messages or hints. */
export interface CaseProblem {
  readonly code: IssueCode;
  readonly line: number;
  readonly column: number;
}

/** What an implementation must return for an input: its canonical text, or its problems. */
export type Expected =
  | { readonly canonical: string; readonly problems?: undefined }
  | { readonly problems: readonly CaseProblem[]; readonly canonical?: undefined };

/** One case of `conformance.json` (SPEC.md section 10). */
export type ConformanceCase = {
  readonly id: string;
  readonly section: string;
  readonly kind?: 'lanes' | 'score-file';
  readonly input: string;
} & Expected;

/** One numbered example of SPEC.md, decoded. */
export interface SpecExample {
  readonly number: number;
  readonly section: string;
  readonly kind: 'lanes' | 'score-file';
  readonly input: string;
  readonly expected: Expected;
}

export const specText: string = readFileSync(new URL('../SPEC.md', import.meta.url), 'utf8');

export const corpus: readonly ConformanceCase[] = JSON.parse(
  readFileSync(new URL('../conformance.json', import.meta.url), 'utf8'),
);

/** Reads an input as its kind says, and returns what the case would say about it. */
export function actualResult(kind: 'lanes' | 'score-file' | undefined, input: string): Expected {
  const result = kind === 'score-file' ? parseScoreFile(input) : parse(input);
  if (!result.ok) {
    return { problems: result.issues.map(({ code, line, column }) => ({ code, line, column })) };
  }
  return {
    canonical: 'score' in result ? serializeScoreFile(result.score) : serialize(result.document),
  };
}

/** `⟨U+FEFF⟩` in an example block stands for that character (SPEC.md section 1). */
function decodeBlock(block: string): string {
  return block.replace(/⟨U\+([0-9A-F]{4,6})⟩/g, (_, hex: string) =>
    String.fromCodePoint(Number.parseInt(hex, 16)),
  );
}

/** `2:14 lowercase-step` lines, as a problems block writes them. */
function problemsOfBlock(block: string): CaseProblem[] {
  return block
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^(\d+):(\d+) ([a-z-]+)$/.exec(line);
      if (!match) throw new Error(`SPEC.md: "${line}" is not a "line:column code" problem line`);
      return { code: match[3] as IssueCode, line: Number(match[1]), column: Number(match[2]) };
    });
}

const EXAMPLE =
  /\*\*Example (\d+)\*\*\n\n```(lanes-seq|score-file)\n([\s\S]*?)```\n\n```(canonical|problems)\n([\s\S]*?)```/g;

/** Every numbered example of SPEC.md, with the section heading it stands under. */
export function specExamples(): SpecExample[] {
  const headings = [...specText.matchAll(/^#{2,3} (.+)$/gm)];
  return [...specText.matchAll(EXAMPLE)].map((match) => {
    const heading = headings.filter((h) => h.index < match.index).at(-1);
    const [, number, kind, input, resultKind, result] = match;
    return {
      number: Number(number),
      section: heading?.[1] ?? '',
      kind: kind === 'score-file' ? 'score-file' : 'lanes',
      input: decodeBlock(input!),
      expected:
        resultKind === 'canonical'
          ? { canonical: decodeBlock(result!) }
          : { problems: problemsOfBlock(result!) },
    };
  });
}

/** The section headings of SPEC.md, as a case's `section` names them. */
export function specSections(): string[] {
  return [...specText.matchAll(/^#{2,3} (.+)$/gm)].map((match) => match[1]!);
}
