/**
 * The Verovio worker: Verovio's WebAssembly is compiled and runs here, off
 * the page's main thread, so loading it and laying out a range of measures
 * never keeps the page from answering input. Each request is one MusicXML
 * text; the answer is its SVG pages and its timemap (`worker-engraver.ts`
 * is the page's side).
 */
import { createEngraver, type Engraver } from './engraver.ts';
import type { EngraveRequest, EngraveResponse } from './worker-engraver.ts';

let engraver: Promise<Engraver> | undefined;

self.addEventListener('message', (event: MessageEvent<EngraveRequest>) => {
  const { id, musicXml } = event.data;
  engraver ??= createEngraver();
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
