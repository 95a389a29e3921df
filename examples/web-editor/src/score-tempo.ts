/**
 * The tempo playback uses. The score model holds no tempo; MusicXML import
 * keeps a `<sound tempo="…">` in the attachments of the measure's units, as
 * a JSON tree (`{ n: 'sound', a: { tempo: '90' } }`). The first one in
 * measure 1 is the score's tempo; without one, MIDI export's default.
 */
import type { Json, ScoreInit } from '@scorelane/score-model';

/** Quarter notes per minute when the score names no tempo: what `exportMidi` writes too. */
export const DEFAULT_TEMPO = 120;

/** How deep a tree is searched, so a hostile one cannot exhaust the stack. */
const MAX_DEPTH = 24;

type JsonObject = { readonly [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function soundTempo(value: Json | undefined, depth: number): number | undefined {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return undefined;
  if (isObject(value) && value.n === 'sound') {
    const tempo = isObject(value.a) ? Number(value.a.tempo) : Number.NaN;
    if (tempo > 0 && Number.isFinite(tempo)) return tempo;
  }
  for (const child of Object.values(value)) {
    const found = soundTempo(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Quarter notes per minute: the first `<sound tempo>` kept in measure 1, else
 * {@link DEFAULT_TEMPO}.
 *
 * @example
 * ```ts
 * scoreTempo(scoreContent(score)); // 120 for a score without a tempo
 * ```
 */
export function scoreTempo(content: ScoreInit): number {
  const inMeasure = soundTempo(content.measures[0]?.attachments, 0);
  if (inMeasure !== undefined) return inMeasure;
  for (const unit of content.units ?? []) {
    if (unit.measure !== 1) continue;
    // The unit's and its events' attachments, wherever the importer kept the <sound>: the content is plain JSON.
    const found = soundTempo(unit.content as unknown as Json, 0);
    if (found !== undefined) return found;
  }
  return DEFAULT_TEMPO;
}
