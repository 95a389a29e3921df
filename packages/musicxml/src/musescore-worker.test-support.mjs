/**
 * A worker thread that loads one MusicXML text into MuseScore's engine
 * (webmscore) and posts back its MIDI bytes (or, when `workerData.save` is
 * `"xml"`, the MusicXML MuseScore writes of what it read), or the error. One engine per
 * worker: a file that crashes MuseScore takes down only its own worker.
 */
import { parentPort, workerData } from 'node:worker_threads';

// webmscore's Node build fetches its .wasm with fetch() when fetch exists, which cannot read a path.
globalThis.fetch = undefined;
// It also assigns globalThis.navigator, which Node 21 and later define as a getter alone.
Object.defineProperty(globalThis, 'navigator', {
  value: globalThis.navigator ?? {},
  writable: true,
  configurable: true,
});
const { default: WebMscore } = await import('webmscore');
await WebMscore.ready;
try {
  const score = await WebMscore.load('musicxml', new TextEncoder().encode(workerData.xml));
  if (workerData.save === 'xml') {
    const xml = await score.saveXml();
    score.destroy();
    parentPort.postMessage({ ok: true, xml });
  } else {
    const midi = await score.saveMidi(false, false);
    score.destroy();
    parentPort.postMessage({ ok: true, midi });
  }
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error) });
}
