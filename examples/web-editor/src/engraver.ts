/**
 * Engraving with Verovio in the page: MusicXML in, one SVG per page out.
 * verovio's module carries its WebAssembly inline, so loading it fetches
 * nothing.
 */
import { VerovioToolkit } from 'verovio/esm';
import createVerovioModule from 'verovio/wasm';

/** The engraved pages of a score, or why Verovio could not read it. */
export type Engraving =
  | { readonly ok: true; readonly pages: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** Engraves MusicXML. */
export interface Engraver {
  engrave(musicXml: string): Engraving;
}

/** Layout: one tall page that wraps systems to the score pane's width. */
const OPTIONS = {
  scale: 40,
  pageWidth: 2200,
  pageHeight: 60000,
  adjustPageHeight: true,
  breaks: 'auto',
  footer: 'none',
  header: 'auto',
  svgViewBox: true,
};

/** Loads Verovio (a few megabytes of WebAssembly: call once). */
export async function createEngraver(): Promise<Engraver> {
  const toolkit = new VerovioToolkit(await createVerovioModule());
  toolkit.setOptions(OPTIONS);
  return {
    engrave(musicXml) {
      if (!toolkit.loadData(musicXml)) {
        return { ok: false, message: `Verovio could not read the score: ${toolkit.getLog()}` };
      }
      const pages: string[] = [];
      for (let page = 1; page <= toolkit.getPageCount(); page++) {
        pages.push(toolkit.renderToSVG(page));
      }
      return { ok: true, pages };
    },
  };
}
