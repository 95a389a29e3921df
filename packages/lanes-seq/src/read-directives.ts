/**
 * Reading the `%%` directives of a score file into a header draft, one
 * directive per line, with a problem for each that is unknown or malformed.
 */

import { readBarlineSigns } from './barline-directive.ts';
import { type IssueCode, type LanesIssue, LIMITS } from './issue.ts';
import { readPartExtras } from './part-extras.ts';
import type { Alter, Step } from './pitch.ts';
import { compare, formatRational, isPowerOfTwo, rational } from './rational.ts';
import {
  type BarlineDirective,
  CLEFS,
  type Clef,
  type ClefDirective,
  type KeyChange,
  keyFifths,
  type PartDeclaration,
  type PickupLength,
  SCORE_FILE_TEXTS,
  type ScoreFileText,
  type ScoreHeader,
  type TimeChange,
} from './score-header.ts';
import { contentStart, pointOnLine } from './source-text.ts';
export interface DirectiveLine {
  readonly line: number;
  readonly lineStart: number;
  /** Offset just past `%%`. */
  readonly bodyStart: number;
  readonly end: number;
}

/** Collects problems with positions for one directive line. */
export class DirectiveReporter {
  readonly issues: LanesIssue[] = [];
  constructor(private readonly text: string) {}

  report(
    at: DirectiveLine,
    code: IssueCode,
    message: string,
    hint?: string,
    start = at.lineStart,
    end = at.end,
  ): void {
    const span = {
      start: pointOnLine(this.text, at.line, at.lineStart, start),
      end: pointOnLine(this.text, at.line, at.lineStart, end),
    };
    this.issues.push({
      code,
      message,
      line: at.line,
      column: span.start.column,
      span,
      ...(hint === undefined ? {} : { hint }),
    });
  }
}

export function directiveLines(text: string): DirectiveLine[] {
  const lines: DirectiveLine[] = [];
  let lineStart = contentStart(text);
  let line = 1;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const end = lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    let first = lineStart;
    while (first < end && (text[first] === ' ' || text[first] === '\t')) first++;
    if (text.startsWith('%%', first)) lines.push({ line, lineStart, bodyStart: first + 2, end });
    if (newline === -1) break;
    lineStart = newline + 1;
    line++;
  }
  return lines;
}

export const MEASURE_REF = /^m([1-9]\d{0,5})$/;

/** `%% composer: J. S. Bach`: a text of the score, the rest of the line. */
const TEXT_DIRECTIVE = /^(title|subtitle|composer|lyricist|arranger|copyright)\s*:(.*)$/;

export interface HeaderDraft {
  /** Each text given (`title`, `composer`, ...), with the line it was given on. */
  readonly texts: Map<ScoreFileText, { readonly value: string; readonly line: number }>;
  measures?: number;
  measuresAt?: DirectiveLine;
  readonly parts: PartDeclaration[];
  /** The line of each part's directive, parallel to `parts`. */
  readonly partLines: number[];
  readonly times: (TimeChange & { readonly at: DirectiveLine })[];
  readonly keys: (KeyChange & { readonly at: DirectiveLine })[];
  readonly pickups: (PickupLength & { readonly at: DirectiveLine })[];
  readonly clefChanges: (ClefDirective & { readonly at: DirectiveLine })[];
  readonly barlines: (BarlineDirective & { readonly at: DirectiveLine })[];
  /** `"time 9"`, `"key 1"`...: the changes given so far, to find one given twice. */
  readonly given: Set<string>;
  firstDirective?: DirectiveLine;
  /** Whether any `part` directive was written, read or refused: a refused one is not "no part". */
  partWritten?: boolean;
}

export function readDirective(
  text: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  draft.firstDirective ??= at;
  const body = text.slice(at.bodyStart, at.end).trim();
  const textMatch = TEXT_DIRECTIVE.exec(body);
  if (textMatch) {
    const field = textMatch[1] as ScoreFileText;
    const given = draft.texts.get(field);
    if (given !== undefined) {
      reporter.report(
        at,
        'duplicate-directive',
        `The ${field} is given twice (first on line ${given.line}).`,
        `give the ${field} once`,
      );
      return;
    }
    draft.texts.set(field, { value: textMatch[2]!.trim(), line: at.line });
    return;
  }
  const words = body.split(/[ \t]+/);
  const name = words[0] ?? '';
  if ((SCORE_FILE_TEXTS as readonly string[]).includes(name)) {
    reporter.report(
      at,
      'invalid-directive',
      `The ${name} directive "%% ${body}" has no colon after "${name}".`,
      `write it with a colon: %% ${name}: ${body.slice(name.length).trim() || 'Ode'}`,
    );
    return;
  }
  switch (name) {
    case 'part':
      draft.partWritten = true;
      readPart(body, at, draft, reporter);
      return;
    case 'measures': {
      const count = /^measures[ \t]+([1-9]\d{0,5})$/.exec(body);
      if (!count || Number(count[1]) > LIMITS.maxIndex) {
        reporter.report(
          at,
          'invalid-directive',
          `The directive "%% ${body}" does not give a measure count.`,
          'write the number of measures: %% measures 16',
        );
      } else if (draft.measures !== undefined) {
        reporter.report(
          at,
          'duplicate-directive',
          'The measure count is given twice.',
          'give the measure count once',
        );
      } else {
        draft.measures = Number(count[1]);
        draft.measuresAt = at;
      }
      return;
    }
    case 'time':
      readTime(words, body, at, draft, reporter);
      return;
    case 'key':
      readKey(words, body, at, draft, reporter);
      return;
    case 'pickup':
      readPickup(words, body, at, draft, reporter);
      return;
    case 'clef':
      readClefChange(words, body, at, draft, reporter);
      return;
    case 'barline':
      readBarline(words, body, at, draft, reporter);
      return;
    default:
      reporter.report(
        at,
        'unknown-directive',
        `"%% ${name}" is not a score-file directive.`,
        'the directives are title, subtitle, composer, lyricist, arranger, copyright, part, measures, time, key, pickup, clef and barline; a plain comment starts with a single %',
      );
  }
}

/** What a change given twice at one measure is called, and how to fix it. */
const GIVEN_TWICE: Readonly<
  Record<'time' | 'key' | 'pickup' | 'barline', readonly [name: string, hint: string]>
> = {
  time: ['time signatures', 'give one time signature per measure'],
  key: ['keys', 'give one key per measure'],
  pickup: ['pickup lengths', 'give one length per measure'],
  barline: ['barline directives', 'give all the signs of a measure in one barline directive'],
};

/** Reports a second change of the same kind at one measure; returns whether it was one. */
function isGivenTwice(
  draft: HeaderDraft,
  kind: 'time' | 'key' | 'pickup' | 'barline',
  measure: number,
  at: DirectiveLine,
  reporter: DirectiveReporter,
): boolean {
  const key = `${kind} ${measure}`;
  if (!draft.given.has(key)) {
    draft.given.add(key);
    return false;
  }
  const [name, hint] = GIVEN_TWICE[kind];
  reporter.report(at, 'duplicate-directive', `Two ${name} are given for m${measure}.`, hint);
  return true;
}

export function measureOf(
  word: string | undefined,
  body: string,
  at: DirectiveLine,
  reporter: DirectiveReporter,
  example: string,
): number | undefined {
  const match = word === undefined ? null : MEASURE_REF.exec(word);
  if (!match || Number(match[1]) > LIMITS.maxIndex) {
    reporter.report(
      at,
      'invalid-directive',
      `The directive "%% ${body}" does not name its measure as m<number>.`,
      `name the measure where it takes effect: ${example}`,
    );
    return undefined;
  }
  return Number(match[1]);
}

export function readTime(
  words: string[],
  body: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  const measure = measureOf(words[1], body, at, reporter, '%% time m1 4/4');
  if (measure === undefined) return;
  const signature = words.length === 3 ? /^([1-9]\d{0,2})\/([1-9]\d{0,2})$/.exec(words[2]!) : null;
  if (!signature || !isPowerOfTwo(Number(signature[2])) || Number(signature[2]) > 128) {
    reporter.report(
      at,
      'invalid-directive',
      `The time signature in "%% ${body}" is not beats/beat-type with a beat type of 1, 2, 4, 8, 16, 32, 64 or 128.`,
      'write it as %% time m1 3/4',
    );
    return;
  }
  if (isGivenTwice(draft, 'time', measure, at, reporter)) return;
  draft.times.push({ measure, beats: Number(signature[1]), beatType: Number(signature[2]), at });
}

export function readKey(
  words: string[],
  body: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  const measure = measureOf(words[1], body, at, reporter, '%% key m1 G major');
  if (measure === undefined) return;
  const tonic = words.length === 4 ? /^([A-G])(#|b)?$/.exec(words[2]!) : null;
  const mode = words[3];
  if (!tonic || (mode !== 'major' && mode !== 'minor')) {
    reporter.report(
      at,
      'invalid-directive',
      `The key in "%% ${body}" is not a tonic and a mode.`,
      'write the tonic (C, F#, Bb) and major or minor: %% key m1 E minor',
    );
    return;
  }
  const step = tonic[1] as Step;
  const alter: Alter = tonic[2] === '#' ? 1 : tonic[2] === 'b' ? -1 : 0;
  const fifths = keyFifths({ step, alter }, mode);
  if (fifths < -7 || fifths > 7) {
    const respelled = enharmonicKey(fifths, mode);
    reporter.report(
      at,
      'invalid-directive',
      `The key ${words[2]} ${mode} would need ${Math.abs(fifths)} ${fifths > 0 ? 'sharps' : 'flats'}.`,
      `use the same key spelled with at most 7: ${words[2]} ${mode} is written ${respelled} (%% key m${measure} ${respelled})`,
    );
    return;
  }
  if (isGivenTwice(draft, 'key', measure, at, reporter)) return;
  draft.keys.push({ measure, tonic: { step, alter }, mode, fifths, at });
}

/** Tonics by fifths from -7 (Cb major, Ab minor) to 7 (C# major, A# minor). */
const MAJOR_TONICS = 'Cb Gb Db Ab Eb Bb F C G D A E B F# C#'.split(' ');
const MINOR_TONICS = 'Ab Eb Bb F C G D A E B F# C# G# D# A#'.split(' ');

/**
 * The key that sounds the same as one of `fifths` sharps (or flats, below 0)
 * and is written with at most 7: twelve fifths away. `D# major` (9 sharps) is
 * `Eb major` (3 flats).
 */
export function enharmonicKey(fifths: number, mode: 'major' | 'minor'): string {
  const respelled = fifths - 12 * Math.round(fifths / 12);
  const tonics = mode === 'major' ? MAJOR_TONICS : MINOR_TONICS;
  return `${tonics[respelled + 7]} ${mode}`;
}

export function readPickup(
  words: string[],
  body: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  const measure = measureOf(words[1], body, at, reporter, '%% pickup m1 1/4');
  if (measure === undefined) return;
  const length =
    words.length === 3 ? /^([1-9]\d{0,5})(?:\/([1-9]\d{0,5}))?$/.exec(words[2]!) : null;
  if (!length) {
    reporter.report(
      at,
      'invalid-directive',
      `The length in "%% ${body}" is not a positive fraction of a whole note.`,
      'write the length the measure holds: %% pickup m1 1/4',
    );
    return;
  }
  if (isGivenTwice(draft, 'pickup', measure, at, reporter)) return;
  draft.pickups.push({
    measure,
    length: rational(Number(length[1]), Number(length[2] ?? '1')),
    at,
  });
}

export const PART_ATTRIBUTE =
  /^(name|abbr|staves|clefs|program|transpose)=("(?:[^"\\]|\\.)*"|[^\s"]+)/;

const CLEF_CHANGE =
  /^clef[ \t]+P([1-9]\d{0,5})[ \t]+s([1-9])[ \t]+m([1-9]\d{0,5})(?:[ \t]+@(\d{1,6})(?:\/([1-9]\d{0,5}))?)?[ \t]+(\S+)$/;

/** `%% barline m8 [1. ] :|`: the bar lines of one measure, at most one directive a measure. */
export function readBarline(
  words: string[],
  body: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  const measure = measureOf(words[1], body, at, reporter, '%% barline m8 :|');
  if (measure === undefined) return;
  const read = readBarlineSigns(measure, words.slice(2));
  if (read.problem) {
    reporter.report(at, 'invalid-directive', read.problem.message, read.problem.fix);
    return;
  }
  if (isGivenTwice(draft, 'barline', read.directive.measure, at, reporter)) return;
  draft.barlines.push({ ...read.directive, at });
}

export function readClefChange(
  _words: string[],
  body: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  const match = CLEF_CHANGE.exec(body);
  if (!match || Number(match[3]) > LIMITS.maxIndex) {
    reporter.report(
      at,
      'invalid-directive',
      `The directive "%% ${body}" does not name a part, staff, measure and clef.`,
      'write %% clef P1 s1 m5 bass, with @1/2 before the clef for a change inside the measure',
    );
    return;
  }
  const clef = match[6]!;
  if (!(CLEFS as readonly string[]).includes(clef)) {
    reporter.report(
      at,
      'invalid-directive',
      `"${clef}" in "%% ${body}" is not a clef.`,
      `the clefs are ${CLEFS.join(', ')}`,
    );
    return;
  }
  const [part, staff, measure] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const onset = rational(Number(match[4] ?? '0'), Number(match[5] ?? '1'));
  const key = `clef P${part} s${staff} m${measure} ${onset.num}/${onset.den}`;
  if (draft.given.has(key)) {
    reporter.report(
      at,
      'duplicate-directive',
      `Two clefs are given for P${part} s${staff} m${measure} at ${formatRational(onset)}.`,
      'give one clef per staff and onset',
    );
    return;
  }
  draft.given.add(key);
  draft.clefChanges.push({ part, staff, measure, onset, clef: clef as Clef, at });
}

export function readPart(
  body: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  const id = /^part[ \t]+P([1-9]\d{0,4})(?=[ \t]|$)/.exec(body);
  const expected = draft.parts.length + 1;
  if (!id) {
    reporter.report(
      at,
      'invalid-directive',
      `The directive "%% ${body}" does not name its part as P<number>.`,
      `declare parts in order: %% part P${expected} name="Piano" staves=2 clefs=treble,bass`,
    );
    return;
  }
  const declaredLine = draft.partLines[Number(id[1]) - 1];
  if (declaredLine !== undefined) {
    reporter.report(
      at,
      'duplicate-directive',
      `Part P${id[1]} is declared twice: first on line ${declaredLine}.`,
      `declare each part once; the next part is P${expected}`,
    );
    return;
  }
  if (Number(id[1]) !== expected) {
    reporter.report(
      at,
      'invalid-directive',
      `Part P${id[1]} is declared where P${expected} comes next.`,
      `declare parts in order, P1, P2, ...: this one is P${expected}`,
    );
    return;
  }
  const attributes = new Map<string, string>();
  let rest = body.slice(id[0].length).trim();
  while (rest.length > 0) {
    const attribute = PART_ATTRIBUTE.exec(rest);
    if (!attribute) {
      reporter.report(
        at,
        'invalid-directive',
        `The part attribute ${JSON.stringify(rest.split(/[ \t]/)[0])} is not name="...", abbr="...", staves=N, clefs=..., program=N or transpose=....`,
        'write %% part P1 name="Violin" staves=1 clefs=treble',
      );
      return;
    }
    if (attributes.has(attribute[1]!)) {
      reporter.report(
        at,
        'duplicate-directive',
        `The part attribute ${attribute[1]} is given twice.`,
        'give each attribute once',
      );
      return;
    }
    attributes.set(attribute[1]!, attribute[2]!);
    rest = rest.slice(attribute[0].length).trim();
  }
  const quotedName = attributes.get('name');
  const name = quotedName?.startsWith('"')
    ? quotedName.slice(1, -1).replace(/\\(.)/g, '$1')
    : quotedName;
  const stavesText = attributes.get('staves') ?? '1';
  const staves = /^[1-9]$/.test(stavesText) ? Number(stavesText) : undefined;
  if (staves === undefined) {
    reporter.report(
      at,
      'invalid-directive',
      `Part P${expected} has ${JSON.stringify(stavesText)} staves; a part has 1 to 9.`,
      'write staves=1 or staves=2',
    );
    return;
  }
  const clefs = (attributes.get('clefs') ?? Array(staves).fill('treble').join(',')).split(',');
  const unknown = clefs.find((clef) => !(CLEFS as readonly string[]).includes(clef));
  if (unknown !== undefined) {
    reporter.report(
      at,
      'invalid-directive',
      `Part P${expected} has the unknown clef ${JSON.stringify(unknown)}.`,
      `the clefs are ${CLEFS.join(', ')}`,
    );
    return;
  }
  if (clefs.length !== staves) {
    reporter.report(
      at,
      'invalid-directive',
      `Part P${expected} has ${staves} staves but ${clefs.length} clefs.`,
      'give one clef per staff, separated by commas: staves=2 clefs=treble,bass',
    );
    return;
  }
  const read = readPartExtras(attributes, expected);
  if (read.problem) {
    reporter.report(at, 'invalid-directive', read.problem.message, read.problem.fix);
    return;
  }
  draft.parts.push({
    name: name ?? `Part ${expected}`,
    ...(read.extras.abbreviation !== undefined ? { abbreviation: read.extras.abbreviation } : {}),
    staves,
    clefs: clefs as Clef[],
    ...(read.extras.program !== undefined ? { program: read.extras.program } : {}),
    ...(read.extras.transpose !== undefined ? { transpose: read.extras.transpose } : {}),
  });
  draft.partLines.push(at.line);
}

export function finishHeader(draft: HeaderDraft): ScoreHeader {
  const byMeasure = (a: { measure: number }, b: { measure: number }) => a.measure - b.measure;
  return {
    ...Object.fromEntries([...draft.texts].map(([field, text]) => [field, text.value])),
    parts: draft.parts,
    ...(draft.measures === undefined ? {} : { measures: draft.measures }),
    times: draft.times.map(({ at: _, ...time }) => time).sort(byMeasure),
    keys: draft.keys.map(({ at: _, ...key }) => key).sort(byMeasure),
    pickups: draft.pickups.map(({ measure, length }) => ({ measure, length })).sort(byMeasure),
    ...(draft.barlines.length === 0
      ? {}
      : {
          barlines: draft.barlines
            .map(({ at: _, ...barline }) => barline)
            .sort((a, b) => a.measure - b.measure),
        }),
    ...(draft.clefChanges.length === 0
      ? {}
      : {
          clefChanges: draft.clefChanges
            .map(({ at: _, ...change }) => change)
            .sort(
              (a, b) =>
                a.measure - b.measure ||
                a.part - b.part ||
                a.staff - b.staff ||
                compare(a.onset, b.onset),
            ),
        }),
  };
}
