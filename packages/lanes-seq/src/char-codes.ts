/**
 * The character codes the lanes-seq parser looks at, by name.
 */

import { isUnicodeSpace } from './source-text.ts';
export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const HASH = 35;
export const PERCENT = 37;
export const OPEN = 40;
export const CLOSE = 41;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const SLASH = 47;
export const DIGIT_0 = 48;
export const DIGIT_9 = 57;
export const COLON = 58;
export const SEMICOLON = 59;
export const EQUALS = 61;
export const LOWER_B = 98;
export const LOWER_G = 103;
export const LOWER_N = 110;
export const LOWER_R = 114;
export const LOWER_X = 120;
export const UPPER_R = 82;
export const UPPER_X = 88;
export const UPPER_P = 80;
export const LOWER_S = 115;
export const LOWER_V = 118;
export const LOWER_M = 109;
export const LOWER_W = 119;
export const BAR = 124;
export const TILDE = 126;
export const BYTE_ORDER_MARK = 0xfeff;
export const NO_BREAK_SPACE = 0xa0;
export const APOSTROPHE = 39;
export const PLUS = 43;
export const BACKTICK = 96;
export const LOWER_E = 101;
export const LOWER_I = 105;
export const MINUS_SIGN = 0x2212;
export const FULLWIDTH_DIGIT_0 = 0xff10;
export const FULLWIDTH_DIGIT_9 = 0xff19;
export const SHARP_SIGN = 0x266f;
export const FLAT_SIGN = 0x266d;
export const NATURAL_SIGN = 0x266e;
export const HIGH_SURROGATE_MUSIC = 0xd834;
export const DOUBLE_SHARP_LOW = 0xdd2a; // U+1D12A after the high surrogate
export const DOUBLE_FLAT_LOW = 0xdd2b; // U+1D12B

/** A space or a tab: what separates fields and events. */
export const isSpace = (code: number): boolean => code === SPACE || code === TAB;
export const isDigit = (code: number): boolean => code >= DIGIT_0 && code <= DIGIT_9;

/** `%` `,` `;` `|`: what other notations write between events, ending the event before it. */
export function isSeparatorCode(code: number): boolean {
  return code === PERCENT || code === COMMA || code === SEMICOLON || code === BAR;
}

/** `A` to `G`: a pitch starts here, so after a whole pitch or rest it is the next event, written with no space. */
export function isUpperStep(code: number): boolean {
  return code >= 65 && code <= 71;
}

/**
 * Where an event written without its duration ends though no white space
 * follows: a separator of another notation, the next pitch or rest, or a space
 * lanes-seq does not use (each reported by what reads on from there).
 */
export function endsEventUnspaced(code: number): boolean {
  return (
    isSeparatorCode(code) ||
    isUpperStep(code) ||
    code === LOWER_R ||
    code === LOWER_X ||
    code === BYTE_ORDER_MARK ||
    isUnicodeSpace(code)
  );
}
