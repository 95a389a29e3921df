/**
 * What a unit holds beside its voices (its clef changes and attachments),
 * carried over when a plan gives the unit new voices: a rewrite changes the
 * notes, never the clef.
 */
import type { UnitContent, VoiceContent } from './score-types.ts';

/**
 * `content`'s voices with the clef changes and attachments of `from`.
 *
 * @example
 * ```ts
 * withUnitFields({ voices: rewritten }, before); // before's clefs and attachments, new voices
 * ```
 */
export function withUnitFields(
  content: { readonly voices: readonly VoiceContent[] },
  from: UnitContent,
): UnitContent {
  const result: { -readonly [K in keyof UnitContent]: UnitContent[K] } = {
    voices: content.voices,
  };
  if (from.clefs !== undefined && from.clefs.length > 0) result.clefs = from.clefs;
  if (from.attachments !== undefined) result.attachments = from.attachments;
  return result;
}
