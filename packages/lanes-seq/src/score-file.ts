/**
 * `.lanes` score files: a lanes-seq document whose `%%` comment lines are
 * directives that say what the lanes alone cannot (title, parts, measure
 * count, time and key changes, pickups). Any lanes-seq parser still reads the
 * file, since a directive is a comment to it.
 */
import type { LaneLocation, LanesDocument } from './document.ts';
import { type IssueCode, type LanesIssue, LIMITS } from './issue.ts';
import { parse } from './parse.ts';
import type { Alter, Step } from './pitch.ts';
import { formatRational, isPowerOfTwo, type Rational, rational } from './rational.ts';
import { serialize } from './serialize.ts';
import { contentStart, pointOnLine } from './source-text.ts';

/** The clefs a part's staff can carry. */
export const CLEFS = ['treble', 'bass', 'alto', 'tenor', 'percussion', 'treble8vb'] as const;

/** A staff's clef. */
export type Clef = (typeof CLEFS)[number];

/** `%% part P1 name="Piano" staves=2 clefs=treble,bass`; parts are numbered by their order. */
export interface PartDeclaration {
  readonly name: string;
  readonly staves: number;
  /** One clef per staff. */
  readonly clefs: readonly Clef[];
}

/** `%% time m9 3/4`: from measure 9 on, three quarters a measure. */
export interface TimeChange {
  readonly measure: number;
  readonly beats: number;
  /** A power of two: 4 for quarters, 8 for eighths. */
  readonly beatType: number;
}

/** `%% key m1 G major`. */
export interface KeyChange {
  readonly measure: number;
  readonly tonic: { readonly step: Step; readonly alter: Alter };
  readonly mode: 'major' | 'minor';
  /** Sharps (positive) or flats (negative) in the key signature, -7 to 7. */
  readonly fifths: number;
}

/** `%% pickup m1 1/4`: the measure is shorter than its time signature. */
export interface PickupLength {
  readonly measure: number;
  readonly length: Rational;
}

/** Everything a score file's directives say, changes ordered by measure. */
export interface ScoreHeader {
  readonly title?: string;
  readonly parts: readonly PartDeclaration[];
  /** The measure count, when the file gives one; else the highest `m` of its lanes. */
  readonly measures?: number;
  readonly times: readonly TimeChange[];
  readonly keys: readonly KeyChange[];
  readonly pickups: readonly PickupLength[];
}

/** A whole score as a `.lanes` file holds it. */
export interface ScoreFile {
  readonly header: ScoreHeader;
  readonly document: LanesDocument;
}

/** The result of {@link parseScoreFile}. */
export type ScoreFileResult =
  | {
      readonly ok: true;
      readonly score: ScoreFile;
      readonly issues: readonly [];
      readonly locations: readonly LaneLocation[];
    }
  | { readonly ok: false; readonly issues: readonly LanesIssue[] };

const MAJOR_FIFTHS: Readonly<Record<Step, number>> = { F: -1, C: 0, G: 1, D: 2, A: 3, E: 4, B: 5 };

/**
 * The key signature of a key: sharps positive, flats negative; outside -7..7
 * for keys that need double accidentals (G# major is 8).
 *
 * @example
 * ```ts
 * keyFifths({ step: 'E', alter: 0 }, 'minor'); // 1
 * keyFifths({ step: 'B', alter: -1 }, 'major'); // -2
 * ```
 */
export function keyFifths(tonic: { step: Step; alter: number }, mode: 'major' | 'minor'): number {
  return MAJOR_FIFTHS[tonic.step] + 7 * tonic.alter - (mode === 'minor' ? 3 : 0);
}

/**
 * The length of a measure under a time signature.
 *
 * @example
 * ```ts
 * timeLength({ beats: 6, beatType: 8 }); // { num: 3, den: 4 }
 * ```
 */
export function timeLength(time: Pick<TimeChange, 'beats' | 'beatType'>): Rational {
  return rational(time.beats, time.beatType);
}

interface DirectiveLine {
  readonly line: number;
  readonly lineStart: number;
  /** Offset just past `%%`. */
  readonly bodyStart: number;
  readonly end: number;
}

/** Collects problems with positions for one directive line. */
class DirectiveReporter {
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

function directiveLines(text: string): DirectiveLine[] {
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

const MEASURE_REF = /^m([1-9]\d{0,5})$/;

/**
 * Reads a `.lanes` score file: its directives into a typed header, its lanes
 * into a document, and every problem in either, with line and column. An
 * unknown directive is a problem, never skipped. The lanes must name declared
 * parts and staves and lie inside the measure count; whether they fill their
 * measures is for the score model to check.
 *
 * @example
 * ```ts
 * const result = parseScoreFile([
 *   '%% title: Ode',
 *   '%% part P1 name="Violin" staves=1 clefs=treble',
 *   '%% time m1 4/4',
 *   '%% key m1 D major',
 *   'P1 s1 v1 m1: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4',
 * ].join('\n'));
 * if (result.ok) result.score.header.keys[0].fifths; // 2
 * ```
 */
export function parseScoreFile(text: string): ScoreFileResult {
  const lanes = parse(text);
  const reporter = new DirectiveReporter(text);
  const state: HeaderDraft = { parts: [], times: [], keys: [], pickups: [] };
  for (const directive of directiveLines(text)) readDirective(text, directive, state, reporter);

  const issues: LanesIssue[] = [...(lanes.ok ? [] : lanes.issues), ...reporter.issues];
  const header = finishHeader(state);
  if (lanes.ok) checkLanesAgainstHeader(text, lanes.document, lanes.locations, header, issues);
  checkHeader(text, header, state, issues);
  if (issues.length > 0 || !lanes.ok) {
    issues.sort((a, b) => a.span.start.offset - b.span.start.offset);
    return { ok: false, issues };
  }
  return {
    ok: true,
    score: { header, document: lanes.document },
    issues: [],
    locations: lanes.locations,
  };
}

interface HeaderDraft {
  title?: string;
  titleLine?: number;
  measures?: number;
  measuresAt?: DirectiveLine;
  readonly parts: PartDeclaration[];
  readonly times: TimeChange[];
  readonly keys: KeyChange[];
  readonly pickups: (PickupLength & { readonly at: DirectiveLine })[];
  firstDirective?: DirectiveLine;
}

function readDirective(
  text: string,
  at: DirectiveLine,
  draft: HeaderDraft,
  reporter: DirectiveReporter,
): void {
  draft.firstDirective ??= at;
  const body = text.slice(at.bodyStart, at.end).trim();
  const titleMatch = /^title\s*:(.*)$/.exec(body);
  if (titleMatch) {
    if (draft.title !== undefined) {
      reporter.report(
        at,
        'duplicate-directive',
        `The title is given twice (first on line ${draft.titleLine}).`,
        'give the title once',
      );
      return;
    }
    draft.title = titleMatch[1]!.trim();
    draft.titleLine = at.line;
    return;
  }
  const words = body.split(/[ \t]+/);
  const name = words[0] ?? '';
  switch (name) {
    case 'part':
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
    default:
      reporter.report(
        at,
        'unknown-directive',
        `"%% ${name}" is not a score-file directive.`,
        'the directives are title, part, measures, time, key and pickup; a plain comment starts with a single %',
      );
  }
}

function measureOf(
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

function readTime(
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
  if (draft.times.some((time) => time.measure === measure)) {
    reporter.report(
      at,
      'duplicate-directive',
      `Two time signatures are given for m${measure}.`,
      'give one time signature per measure',
    );
    return;
  }
  draft.times.push({ measure, beats: Number(signature[1]), beatType: Number(signature[2]) });
}

function readKey(
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
    reporter.report(
      at,
      'invalid-directive',
      `The key ${words[2]} ${mode} would need ${Math.abs(fifths)} ${fifths > 0 ? 'sharps' : 'flats'}.`,
      'use its enharmonic key, which needs at most 7: G# major is written Ab major',
    );
    return;
  }
  if (draft.keys.some((key) => key.measure === measure)) {
    reporter.report(
      at,
      'duplicate-directive',
      `Two keys are given for m${measure}.`,
      'give one key per measure',
    );
    return;
  }
  draft.keys.push({ measure, tonic: { step, alter }, mode, fifths });
}

function readPickup(
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
  if (draft.pickups.some((pickup) => pickup.measure === measure)) {
    reporter.report(
      at,
      'duplicate-directive',
      `Two pickup lengths are given for m${measure}.`,
      'give one length per measure',
    );
    return;
  }
  draft.pickups.push({
    measure,
    length: rational(Number(length[1]), Number(length[2] ?? '1')),
    at,
  });
}

const PART_ATTRIBUTE = /^(name|staves|clefs)=("(?:[^"\\]|\\.)*"|[^\s"]+)/;

function readPart(
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
        `The part attribute ${JSON.stringify(rest.split(/[ \t]/)[0])} is not name="...", staves=N or clefs=....`,
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
  draft.parts.push({ name: name ?? `Part ${expected}`, staves, clefs: clefs as Clef[] });
}

function finishHeader(draft: HeaderDraft): ScoreHeader {
  const byMeasure = (a: { measure: number }, b: { measure: number }) => a.measure - b.measure;
  return {
    ...(draft.title === undefined ? {} : { title: draft.title }),
    parts: draft.parts,
    ...(draft.measures === undefined ? {} : { measures: draft.measures }),
    times: [...draft.times].sort(byMeasure),
    keys: [...draft.keys].sort(byMeasure),
    pickups: draft.pickups.map(({ measure, length }) => ({ measure, length })).sort(byMeasure),
  };
}

function fileIssue(
  text: string,
  code: IssueCode,
  offset: number,
  line: number,
  lineStart: number,
  message: string,
  hint: string,
  end = offset,
): LanesIssue {
  const span = {
    start: pointOnLine(text, line, lineStart, offset),
    end: pointOnLine(text, line, lineStart, end),
  };
  return { code, message, line, column: span.start.column, span, hint };
}

function checkHeader(
  text: string,
  header: ScoreHeader,
  draft: HeaderDraft,
  issues: LanesIssue[],
): void {
  const start = contentStart(text);
  const at = draft.firstDirective;
  const where = at ?? { line: 1, lineStart: start, bodyStart: start, end: start };
  if (header.parts.length === 0) {
    issues.push(
      fileIssue(
        text,
        'missing-directive',
        where.lineStart,
        where.line,
        where.lineStart,
        'The score file declares no part.',
        'declare each part before the lanes: %% part P1 name="Violin" staves=1 clefs=treble',
      ),
    );
  }
  if (header.times[0]?.measure !== 1) {
    issues.push(
      fileIssue(
        text,
        'missing-directive',
        where.lineStart,
        where.line,
        where.lineStart,
        'The score file gives no time signature at m1.',
        'give the opening time signature: %% time m1 4/4',
      ),
    );
  }
  if (header.keys[0]?.measure !== 1) {
    issues.push(
      fileIssue(
        text,
        'missing-directive',
        where.lineStart,
        where.line,
        where.lineStart,
        'The score file gives no key at m1.',
        'give the opening key: %% key m1 C major',
      ),
    );
  }
  if (header.measures !== undefined && draft.measuresAt) {
    const changes = [...header.times, ...header.keys, ...header.pickups];
    const beyond = changes.find((change) => change.measure > header.measures!);
    if (beyond) {
      const m = draft.measuresAt;
      issues.push(
        fileIssue(
          text,
          'measure-out-of-range',
          m.lineStart,
          m.line,
          m.lineStart,
          `A directive names m${beyond.measure}, past the ${header.measures} measures the file declares.`,
          `raise the count to %% measures ${beyond.measure} or remove the directive`,
          m.end,
        ),
      );
    }
  }
  for (const pickup of draft.pickups) {
    const time = [...header.times].reverse().find((change) => change.measure <= pickup.measure);
    if (time === undefined) continue;
    const full = timeLength(time);
    if (pickup.length.num * full.den >= full.num * pickup.length.den) {
      const p = pickup.at;
      issues.push(
        fileIssue(
          text,
          'invalid-directive',
          p.lineStart,
          p.line,
          p.lineStart,
          `The pickup at m${pickup.measure} (${formatRational(pickup.length)}) is not shorter than its measure (${formatRational(full)} in ${time.beats}/${time.beatType}).`,
          'a pickup is shorter than the time signature: remove the directive for a full measure',
          p.end,
        ),
      );
    }
  }
}

function checkLanesAgainstHeader(
  text: string,
  document: LanesDocument,
  locations: readonly LaneLocation[],
  header: ScoreHeader,
  issues: LanesIssue[],
): void {
  if (header.parts.length === 0) return; // reported once as a missing part directive
  document.lanes.forEach((lane, index) => {
    const location = locations[index]!;
    const { lineStart } = location;
    const part = header.parts[lane.part - 1];
    const key = `P${lane.part} s${lane.staff} v${lane.voice} m${lane.measure}`;
    if (part === undefined) {
      issues.push(
        fileIssue(
          text,
          'undeclared-part',
          location.start,
          location.line,
          lineStart,
          `Lane ${key} names part P${lane.part}, but the file declares ${header.parts.length} part${header.parts.length === 1 ? '' : 's'}.`,
          `declare it with %% part P${lane.part} name="..." staves=1 clefs=treble, or use a declared part`,
          location.end,
        ),
      );
    } else if (lane.staff > part.staves) {
      issues.push(
        fileIssue(
          text,
          'undeclared-part',
          location.start,
          location.line,
          lineStart,
          `Lane ${key} names staff ${lane.staff}, but part P${lane.part} has ${part.staves} staff${part.staves === 1 ? '' : 's'}.`,
          `use s1${part.staves > 1 ? ` to s${part.staves}` : ''}, or raise staves= in the part directive`,
          location.end,
        ),
      );
    }
    if (header.measures !== undefined && lane.measure > header.measures) {
      issues.push(
        fileIssue(
          text,
          'measure-out-of-range',
          location.start,
          location.line,
          lineStart,
          `Lane ${key} is past the ${header.measures} measures the file declares.`,
          `raise the count to %% measures ${lane.measure}, or remove the lane`,
          location.end,
        ),
      );
    }
  });
}

function quoteName(name: string): string {
  return `"${name.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * Writes a score file in canonical form: the title, the parts in order, the
 * measure count when the header has one, then for each measure its time, key
 * and pickup, then the lanes as {@link serialize} writes them.
 * `parseScoreFile(serializeScoreFile(file))` gives `file` back.
 *
 * @throws TypeError when a title or part name holds a line break (it could
 *   not be read back).
 * @example
 * ```ts
 * serializeScoreFile({
 *   header: { title: 'Ode', parts: [{ name: 'Violin', staves: 1, clefs: ['treble'] }],
 *     times: [{ measure: 1, beats: 4, beatType: 4 }],
 *     keys: [{ measure: 1, tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 }], pickups: [] },
 *   document: { lanes: [] },
 * });
 * // '%% title: Ode\n%% part P1 name="Violin" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\n'
 * ```
 */
export function serializeScoreFile(file: ScoreFile): string {
  const { header } = file;
  const lines: string[] = [];
  const noBreak = (value: string, what: string): string => {
    if (/[\r\n]/.test(value))
      throw new TypeError(`A ${what} cannot hold a line break: ${JSON.stringify(value)}.`);
    return value;
  };
  if (header.title !== undefined) lines.push(`%% title: ${noBreak(header.title, 'title')}`);
  header.parts.forEach((part, index) => {
    lines.push(
      `%% part P${index + 1} name=${quoteName(noBreak(part.name, 'part name'))} staves=${part.staves} clefs=${part.clefs.join(',')}`,
    );
  });
  if (header.measures !== undefined) lines.push(`%% measures ${header.measures}`);
  const measures = new Set(
    [...header.times, ...header.keys, ...header.pickups].map((change) => change.measure),
  );
  for (const measure of [...measures].sort((a, b) => a - b)) {
    const time = header.times.find((change) => change.measure === measure);
    const key = header.keys.find((change) => change.measure === measure);
    const pickup = header.pickups.find((change) => change.measure === measure);
    if (time) lines.push(`%% time m${measure} ${time.beats}/${time.beatType}`);
    if (key) {
      const accidental = key.tonic.alter === 1 ? '#' : key.tonic.alter === -1 ? 'b' : '';
      lines.push(`%% key m${measure} ${key.tonic.step}${accidental} ${key.mode}`);
    }
    if (pickup) lines.push(`%% pickup m${measure} ${formatRational(pickup.length)}`);
  }
  return `${lines.map((line) => `${line}\n`).join('')}${serialize(file.document)}`;
}
