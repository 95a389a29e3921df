/**
 * The texts printed at the head of a score: title, subtitle, composer,
 * lyricist, arranger and copyright, stored under `scorelane.meta`.
 */
import { SCORE_FILE_TEXTS } from '@scorelane/lanes-seq';
import type * as Y from 'yjs';

/**
 * The names of the score's texts, in the order they are shown: lanes-seq's `SCORE_FILE_TEXTS`, so a `.lanes` file holds every one.
 *
 * @example
 * ```ts
 * SCORE_TEXT_FIELDS.includes('composer'); // true
 * ```
 */
export const SCORE_TEXT_FIELDS = SCORE_FILE_TEXTS;

/**
 * One of {@link SCORE_TEXT_FIELDS}.
 *
 * @example
 * ```ts
 * const field: ScoreTextField = 'lyricist';
 * ```
 */
export type ScoreTextField = (typeof SCORE_TEXT_FIELDS)[number];

/**
 * The texts a score has; a text it does not have is left out.
 *
 * @example
 * ```ts
 * const texts: ScoreTexts = { title: 'Prélude No. 20', composer: 'Frédéric Chopin' };
 * ```
 */
export type ScoreTexts = { readonly [K in ScoreTextField]?: string };

/** The longest a score text may be, in characters. */
export const MAX_SCORE_TEXT = 300;

/**
 * Why `text` cannot be a score text (empty after trimming is fine: it
 * removes the text), or `undefined` when it can.
 *
 * @example
 * ```ts
 * scoreTextProblem('Op.\n28'); // 'holds a line break or another control character'
 * ```
 */
export function scoreTextProblem(text: string): string | undefined {
  if (text.length > MAX_SCORE_TEXT)
    return `is ${text.length} characters long, over ${MAX_SCORE_TEXT}`;
  if (/[\u0000-\u001f\u007f]/.test(text)) return 'holds a line break or another control character';
  return undefined;
}

/**
 * The score texts of `source` that are strings, in `SCORE_TEXT_FIELDS` order:
 * a tool's arguments, a command's flags or a score's info read as texts.
 *
 * @example
 * ```ts
 * pickTexts({ title: 'Ode', composer: undefined, parts: 2 }); // { title: 'Ode' }
 * ```
 */
export function pickTexts(source: { readonly [K in ScoreTextField]?: unknown }): ScoreTexts {
  const texts: { [K in ScoreTextField]?: string } = {};
  for (const field of SCORE_TEXT_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') texts[field] = value;
  }
  return texts;
}

/**
 * The score texts stored in a score's meta map.
 *
 * @example
 * ```ts
 * storedTexts(scoreTypes(doc).meta).title; // 'Ode'
 * ```
 */
export function storedTexts(meta: Y.Map<unknown>): ScoreTexts {
  const texts: { [K in ScoreTextField]?: string } = {};
  for (const field of SCORE_TEXT_FIELDS) {
    const value = meta.get(field);
    if (typeof value === 'string' && value !== '') texts[field] = value;
  }
  return texts;
}
