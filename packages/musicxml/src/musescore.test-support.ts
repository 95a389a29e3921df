/**
 * Reading a score the way MuseScore plays it: `webmscore` (MuseScore 3's
 * engine in WebAssembly, GPL, a devDependency used by tests and the
 * real-score check only) loads the MusicXML and writes its MIDI, whose notes
 * are read back. MuseScore merges tied notes into one sounding note and
 * plays grace notes in time, as a listener hears them.
 */
import { Worker } from 'node:worker_threads';
import { midiNotes } from './midi-notes.test-support.ts';
import type { SoundingNote, SoundingReading } from './sounding-notes.test-support.ts';

type WorkerAnswer =
  | { readonly ok: true; readonly midi: Uint8Array; readonly xml?: undefined }
  | { readonly ok: true; readonly xml: string; readonly midi?: undefined }
  | { readonly ok: false; readonly error: string };

/** Runs MuseScore on `xml` in a worker of its own (a crash stays there), saving MIDI or MusicXML. */
function museScoreMidi(xml: string, save: 'midi' | 'xml' = 'midi'): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./musescore-worker.test-support.mjs', import.meta.url), {
      workerData: { xml, save },
      stdout: true,
      stderr: true,
    });
    let answered = false;
    const answer = (value: WorkerAnswer) => {
      if (answered) return;
      answered = true;
      void worker.terminate();
      resolve(value);
    };
    worker.on('message', answer);
    worker.on('error', (error) => answer({ ok: false, error: String(error) }));
    worker.on('exit', (code) => answer({ ok: false, error: `MuseScore stopped (exit ${code})` }));
  });
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Loads MusicXML text into MuseScore's engine and lists the notes its MIDI
 * plays (repeats not expanded), in time order. `loaded` is false, with the
 * error, when MuseScore cannot open the file.
 *
 * @example
 * ```ts
 * const { loaded, notes } = await museScoreNotes(xml);
 * ```
 */
export async function museScoreNotes(xml: string): Promise<SoundingReading> {
  const answer = await museScoreMidi(xml);
  if (!answer.ok) return { loaded: false, errors: [answer.error], notes: [] };
  const notes: SoundingNote[] = midiNotes(answer.midi!).map((note) => ({
    onset: round(note.onset),
    midi: note.midi,
    duration: round(note.duration),
    measure: '',
  }));
  notes.sort((a, b) => a.onset - b.onset || a.midi - b.midi || a.duration - b.duration);
  return { loaded: true, errors: [], notes };
}

/**
 * Loads MusicXML text into MuseScore's engine and returns the MusicXML
 * MuseScore writes of what it read (`saveXml`), so a test can count the
 * marks MuseScore found; `undefined` with the error when it cannot open it.
 *
 * @example
 * ```ts
 * const { xml } = await museScoreXml(exportMusicXml(score));
 * ```
 */
export async function museScoreXml(
  xml: string,
): Promise<{ readonly xml: string | undefined; readonly error?: string }> {
  const answer = await museScoreMidi(xml, 'xml');
  if (!answer.ok) return { xml: undefined, error: answer.error };
  return { xml: answer.xml };
}
