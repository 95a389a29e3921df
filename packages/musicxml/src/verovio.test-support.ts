/**
 * Reading notes the way an independent program does: verovio loads a
 * MusicXML file and reports, from its timemap and MIDI values, which pitches
 * start when. And the same notes from our own score, for comparison.
 */
import { midiNumber } from '@scorelane/lanes-seq';
import type { Score } from '@scorelane/score-model';
import { VerovioToolkit } from 'verovio/esm';
import createVerovioModule from 'verovio/wasm';
import { readScore } from './score-snapshot.ts';
import { printedPieces } from './write-note.ts';

let toolkit: Promise<VerovioToolkit> | undefined;

/** One verovio toolkit for the whole test file (loading the module takes a while). */
export function verovio(): Promise<VerovioToolkit> {
  toolkit ??= createVerovioModule().then((module) => new VerovioToolkit(module));
  return toolkit;
}

/** What verovio read: whether it loaded, its log, and `"onset:midi"` for every note but grace notes, sorted. */
export interface VerovioReading {
  readonly loaded: boolean;
  readonly log: string;
  readonly notes: readonly string[];
}

/** Onsets in quarter notes to three decimals, as verovio's `qstamp`. */
function stamp(quarters: number, midi: number): string {
  return `${quarters.toFixed(3)}:${midi}`;
}

/** Loads MusicXML text (or the bytes of an `.mxl`) into verovio and reads its notes. */
export async function readWithVerovio(input: string | Uint8Array): Promise<VerovioReading> {
  const tk = await verovio();
  const loaded = Boolean(
    typeof input === 'string'
      ? tk.loadData(input)
      : tk.loadZipDataBuffer(
          input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) as ArrayBuffer,
        ),
  );
  const log = tk.getLog();
  const notes: string[] = [];
  for (const entry of tk.renderToTimemap({ includeMeasures: false, includeRests: false })) {
    for (const id of entry.on ?? []) {
      if (tk.getElementAttr(id).grace !== undefined) continue;
      notes.push(stamp(entry.qstamp, tk.getMIDIValuesForElement(id).pitch));
    }
  }
  return { loaded, log, notes: notes.sort() };
}

/**
 * `"onset:midi"` for every note of the score but grace notes, sorted: tied
 * notes count, as in verovio's timemap.
 */
export function notesOfScore(score: Score): string[] {
  const snapshot = readScore(score);
  const notes: string[] = [];
  let start = 0;
  snapshot.measures.forEach((info, index) => {
    const length = info.pickup ?? { num: info.time.beats, den: info.time.beatType };
    snapshot.parts.forEach((part, partIndex) => {
      for (let staff = 1; staff <= part.staves; staff++) {
        for (const voice of snapshot.unit(partIndex + 1, staff, index + 1).voices) {
          let at = 0;
          for (const event of voice.events) {
            if (event.grace) continue;
            const pitches =
              event.kind === 'note'
                ? [event.pitch]
                : event.kind === 'chord'
                  ? event.notes.map((n) => n.pitch)
                  : [];
            // A new event whose duration needs a tie is written as tied notes, each in the timemap.
            let piece = at;
            const pieces =
              event.attachments === undefined
                ? printedPieces(event.duration)
                : [{ duration: event.duration }];
            for (const { duration } of pieces) {
              for (const pitch of pitches)
                notes.push(stamp((start + piece) * 4, midiNumber(pitch)));
              piece += duration.num / duration.den;
            }
            at += event.duration.num / event.duration.den;
          }
        }
      }
    });
    start += length.num / length.den;
  });
  return notes.sort();
}
