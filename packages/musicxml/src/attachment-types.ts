/**
 * The shapes of what import stores as attachments, under the key `musicxml`,
 * so export can write it back where it came from. Every shape is plain JSON.
 *
 * | where | holds |
 * | --- | --- |
 * | event | one `<note>` per pitch, with what the model owns (pitch, duration, ties, voice, staff, chord) taken out; the `<tied>` of unfinished ties marked `loose` |
 * | unit (staff 1) | the `<measure>` attributes; elements between notes with their offset |
 * | unit (other staves) | elements between notes that name that staff |
 * | part | the `<score-part>`, the part-list items around it, the `<part>` attributes |
 * | score | the score header (work, identification, defaults, credits) and the root attributes |
 */
import type { ScoreEvent } from '@scorelane/score-model';
import type { PedalStyle } from './pedal-style.ts';
import type { XmlElement, XmlNode } from './xml-tree.ts';

/**
 * What rides on one event: the kept `<note>` of each pitch (one for a rest),
 * and the pitches they were read with (`"F#4"`), so export can tell a
 * transposed note, whose kept `<accidental>` may no longer fit.
 */
export type EventKeep = {
  readonly notes: readonly XmlElement[];
  readonly pitches?: readonly string[];
  /**
   * Per note, the `<tied>` types (`"start"`, `"stop"`) of a tie the file left
   * unfinished: written back as drawn, though the model has no tie there.
   */
  readonly loose?: readonly (readonly string[])[];
};

/**
 * An element that sits between notes: its offset from the start of the
 * measure in whole notes (`"3/8"`), and the element. `start` marks the
 * `<attributes>` that opens the measure, with the signatures the model held
 * when it was read: export writes it unchanged only while they still hold.
 */
export type PlacedElement = {
  readonly at: string;
  readonly x: XmlElement;
  readonly start?: string;
};

/** What rides on one unit. */
export type UnitKeep = {
  readonly measure?: { readonly [name: string]: string };
  readonly items?: readonly PlacedElement[];
  /**
   * The file's `<voice>` of each model voice of the unit (model voices are
   * numbered from 1 on each staff), so export writes a voice that crosses
   * staves as one voice again, as MuseScore reads it.
   */
  readonly voices?: { readonly [voice: string]: string };
};

/** What rides on one part. */
export type PartKeep = {
  readonly part?: { readonly [name: string]: string };
  readonly scorePart?: XmlElement;
  /** Part-list items (part groups) just before this part's `<score-part>`. */
  readonly before?: readonly XmlNode[];
  /** Part-list items after the last `<score-part>` (on the last part). */
  readonly after?: readonly XmlNode[];
  /** The score header, on the first part of a score imported before it had a {@link ScoreKeep}. */
  readonly header?: readonly XmlNode[];
  /** The root element's attributes, on the first part of a score imported before it had a {@link ScoreKeep}. */
  readonly root?: { readonly [name: string]: string };
  /** The style the part's pedals are drawn in (`pedal-style.ts`), when its file had pedals the model read. */
  readonly pedal?: PedalStyle;
};

/** What rides on the score as a whole (`ScoreInit.attachments`), so that no part edit loses it. */
export type ScoreKeep = {
  /** The score header before `<part-list>`: work, identification, defaults, credits. */
  readonly header?: readonly XmlNode[];
  /** The root element's attributes, its version left out. */
  readonly root?: { readonly [name: string]: string };
};

/** The key under which every attachment of this package is stored. */
export const KEEP_KEY = 'musicxml';

/**
 * What import kept on an event, if anything: its `<note>`s and their pitches.
 *
 * @example
 * ```ts
 * eventKeep(event)?.notes[0]; // the kept <note> of the event's first pitch
 * ```
 */
export function eventKeep(event: ScoreEvent): EventKeep | undefined {
  const attachments = event.attachments;
  if (!attachments || typeof attachments !== 'object' || Array.isArray(attachments))
    return undefined;
  const value = (attachments as { readonly [key: string]: unknown })[KEEP_KEY] as
    | EventKeep
    | undefined;
  return value && Array.isArray(value.notes) ? value : undefined;
}
