/**
 * The Verovio worker: Verovio's WebAssembly is compiled and runs here, off
 * the page's main thread, so loading it and laying out a range of measures
 * never keeps the page from answering input. Verovio starts loading as the
 * worker starts. Each request is one MusicXML
 * text; the answer is its SVG pages and its timemap (`worker-engraver.ts`
 * is the page's side).
 */
import { createEngraver, type Engraver } from './engraver.ts';
import type { EngraveRequest, EngraveResponse, EngraverLoaded } from './worker-engraver.ts';

// Loaded as the worker starts, not at the first request: the page starts the
// worker before it opens the score, so Verovio loads while a file is imported.
const engraver: Promise<Engraver> = createEngraver();
void engraver.then(() => {
  const loaded: EngraverLoaded = { loadedAt: performance.timeOrigin + performance.now() };
  self.postMessage(loaded);
});

self.addEventListener('message', (event: MessageEvent<EngraveRequest>) => {
  const { id, musicXml } = event.data;
  void engraver.then(
    (loaded) => {
      const engraving = loaded.engrave(musicXml);
      const response: EngraveResponse = engraving.ok
        ? { id, ok: true, pages: engraving.pages, timemap: loaded.timemap(musicXml) }
        : { id, ok: false, message: engraving.message };
      self.postMessage(response);
    },
    (error: unknown) => {
      const response: EngraveResponse = {
        id,
        ok: false,
        message: `Verovio could not be loaded: ${String(error)}`,
      };
      self.postMessage(response);
    },
  );
});
