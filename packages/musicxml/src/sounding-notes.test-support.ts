/**
 * What a score sounds like to an independent reader: verovio loads the
 * MusicXML and reports, from its timemap, every note it plays (grace notes
 * too) with its MIDI pitch, onset and duration in quarter notes. Comparing
 * the notes of an original file with those of our export tells whether
 * import and export changed the music.
 */
import { verovio } from './verovio.test-support.ts';

/** One note as verovio plays it. */
export interface SoundingNote {
  /** Onset in quarter notes from the start, to three decimals. */
  readonly onset: number;
  readonly midi: number;
  /** Duration in quarter notes, to three decimals. */
  readonly duration: number;
  /** The printed number of the measure it starts in. */
  readonly measure: string;
}

/** What verovio read from one file. */
export interface SoundingReading {
  readonly loaded: boolean;
  /** verovio's `[Error]` lines. */
  readonly errors: readonly string[];
  /** In time order, then by pitch, then by duration. */
  readonly notes: readonly SoundingNote[];
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

function byTime(a: SoundingNote, b: SoundingNote): number {
  return a.onset - b.onset || a.midi - b.midi || a.duration - b.duration;
}

/**
 * Loads MusicXML text into verovio and lists the notes it plays.
 *
 * @example
 * ```ts
 * const { notes } = await soundingNotes(xml); // [{ onset: 0, midi: 60, duration: 1, measure: '1' }, ...]
 * ```
 */
export async function soundingNotes(xml: string): Promise<SoundingReading> {
  const tk = await verovio();
  const loaded = Boolean(tk.loadData(xml));
  const errors = tk
    .getLog()
    .split('\n')
    .filter((line) => line.includes('[Error]'));
  const started = new Map<string, { onset: number; measure: string }>();
  const notes: SoundingNote[] = [];
  let measure = '';
  for (const entry of tk.renderToTimemap({ includeMeasures: true, includeRests: false })) {
    if (entry.measureOn !== undefined) measure = tk.getElementAttr(entry.measureOn).n ?? measure;
    for (const id of entry.off ?? []) {
      const start = started.get(id);
      if (!start) continue;
      started.delete(id);
      notes.push({
        onset: round(start.onset),
        midi: tk.getMIDIValuesForElement(id).pitch,
        duration: round(entry.qstamp - start.onset),
        measure: start.measure,
      });
    }
    for (const id of entry.on ?? []) started.set(id, { onset: entry.qstamp, measure });
  }
  return { loaded, errors, notes: notes.sort(byTime) };
}

/** How a note reads in a report: `C4 (MIDI 60) at quarter 12 (measure 4), 1.5 quarters`. */
export function describeSounding(note: SoundingNote | undefined): string {
  if (!note) return 'nothing';
  return `MIDI ${note.midi} at quarter ${note.onset} (measure ${note.measure}) lasting ${note.duration}`;
}

/**
 * The first note where two readings differ, as a sentence, or `undefined`
 * when they play the same notes (pitch, onset, duration).
 *
 * @example
 * ```ts
 * firstDifference(original.notes, exported.notes); // "note 57 of 1906: the original has MIDI 60 at ..., the export MIDI 60 at ..."
 * ```
 */
export function firstDifference(
  original: readonly SoundingNote[],
  exported: readonly SoundingNote[],
): string | undefined {
  const count = Math.max(original.length, exported.length);
  for (let index = 0; index < count; index++) {
    const a = original[index];
    const b = exported[index];
    if (a && b && a.onset === b.onset && a.midi === b.midi && a.duration === b.duration) continue;
    return `note ${index + 1} (original ${original.length} notes, export ${exported.length}): the original has ${describeSounding(a)}, the export ${describeSounding(b)}`;
  }
  return undefined;
}
