/**
 * The optional attributes of a `part` directive beyond its name, staves and
 * clefs: `abbr`, `program` and `transpose`, each checked on its own.
 */
import { parseInterval } from './interval.ts';
import type { PartDeclaration } from './score-header.ts';

/** An attribute's value that cannot be read, with its fix. */
export interface PartExtraProblem {
  readonly message: string;
  readonly fix: string;
}

const NUMBERS = /^(-?\d{1,2}),(-?\d)(?:,(-?\d))?$/;
/** The most a transposition may move, either way: four octaves. */
const MAX_SEMITONES = 48;

/** Whether `text` is an interval name (`-M2`, `P8`, `-m10`) moving at most four octaves. */
function isIntervalName(text: string): boolean {
  const interval = parseInterval(text);
  return interval !== undefined && Math.abs(interval.semitones) <= MAX_SEMITONES;
}

/** Whether `text` is `chromatic,diatonic[,octave]`: within an octave, and at most four octaves more. */
function isTransposeNumbers(text: string): boolean {
  const match = NUMBERS.exec(text);
  return (
    match !== null &&
    Math.abs(Number(match[1])) <= 11 &&
    Math.abs(Number(match[2])) <= 6 &&
    Math.abs(Number(match[3] ?? 0)) <= 4
  );
}

function unquoted(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/**
 * Reads `abbr`, `program` and `transpose` from a part directive's
 * attributes: the fields they give, or the first that cannot be read.
 *
 * @example
 * ```ts
 * readPartExtras(new Map([['transpose', '-M2']]), 3); // { extras: { transpose: '-M2' } }
 * readPartExtras(new Map([['program', '200']]), 3).problem?.fix; // 'give a General MIDI program from 0 to 127: program=0'
 * ```
 */
export function readPartExtras(
  attributes: ReadonlyMap<string, string>,
  part: number,
):
  | { extras: Pick<PartDeclaration, 'abbreviation' | 'program' | 'transpose'>; problem?: never }
  | {
      extras?: never;
      problem: PartExtraProblem;
    } {
  const extras: { abbreviation?: string; program?: number; transpose?: string } = {};
  const abbreviation = attributes.get('abbr');
  if (abbreviation !== undefined && unquoted(abbreviation).trim() !== '')
    extras.abbreviation = unquoted(abbreviation).trim();
  const program = attributes.get('program');
  if (program !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(program) || Number(program) > 127)
      return {
        problem: {
          message: `Part P${part} has the program ${JSON.stringify(program)}; a General MIDI program is 0 to 127.`,
          fix: 'give a General MIDI program from 0 to 127: program=0',
        },
      };
    extras.program = Number(program);
  }
  const transpose = attributes.get('transpose');
  if (transpose !== undefined) {
    if (!isIntervalName(transpose) && !isTransposeNumbers(transpose))
      return {
        problem: {
          message: `Part P${part} has the transposition ${JSON.stringify(transpose)}, which is not an interval from written to sounding pitch.`,
          fix: 'write an interval such as transpose=-M2 (a B-flat clarinet) or transpose=-P5 (a horn in F)',
        },
      };
    const written = transpose.replace(/^\+/, '');
    // A unison, either way, sounds as written.
    if (!/^-?P1$/.test(written) && !/^-?0,-?0(,-?0)?$/.test(written)) extras.transpose = written;
  }
  return { extras };
}
