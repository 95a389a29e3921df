/**
 * Reading this package's attachments back off events, units and parts.
 */
import { type Rational, rational } from '@scorelane/lanes-seq';
import type { Json } from '@scorelane/score-model';
import { KEEP_KEY, type PartKeep, type ScoreKeep, type UnitKeep } from './attachment-types.ts';

function kept<T>(attachments: Json | undefined): T | undefined {
  if (!attachments || typeof attachments !== 'object' || Array.isArray(attachments))
    return undefined;
  const value = (attachments as { readonly [key: string]: Json })[KEEP_KEY];
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as unknown as T)
    : undefined;
}

/**
 * What import kept on a unit; empty for a unit written since.
 *
 * @example
 * ```ts
 * unitKeep(unit.attachments).items?.length; // elements kept between the unit's notes
 * ```
 */
export function unitKeep(attachments: Json | undefined): UnitKeep {
  return kept<UnitKeep>(attachments) ?? {};
}

/**
 * What import kept on a part; empty for a part made since.
 *
 * @example
 * ```ts
 * partKeep(part.attachments).scorePart?.a?.id; // "P1"
 * ```
 */
export function partKeep(attachments: Json | undefined): PartKeep {
  return kept<PartKeep>(attachments) ?? {};
}

/**
 * What import kept on the score as a whole; empty for a score made since.
 *
 * @example
 * ```ts
 * scoreKeep(content.attachments).header?.length; // the header's nodes
 * ```
 */
export function scoreKeep(attachments: Json | undefined): ScoreKeep {
  return kept<ScoreKeep>(attachments) ?? {};
}

/**
 * An offset as stored (`"3/8"`, `"0"`) as a rational.
 *
 * @throws RangeError on text that is not a fraction (an attachment edited by hand).
 *
 * @example
 * ```ts
 * parseAt('3/8'); // { num: 3, den: 8 }
 * ```
 */
export function parseAt(text: string): Rational {
  const match = /^(\d+)(?:\/(\d+))?$/.exec(text);
  if (!match)
    throw new RangeError(`A kept element has an offset that is not a fraction: "${text}".`);
  return rational(Number(match[1]), Number(match[2] ?? '1'));
}
