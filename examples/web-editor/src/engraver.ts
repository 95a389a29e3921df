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

/**
 * One moment of Verovio's timemap: `qstamp` in quarter notes from the
 * score's start, the ids of the engraved notes (`g.note`) that start and end
 * sounding then.
 */
export interface TimemapEntry {
  readonly qstamp: number;
  readonly on?: readonly string[];
  readonly off?: readonly string[];
}

/** Engraves MusicXML. */
export interface Engraver {
  engrave(musicXml: string): Engraving;
  /**
   * When each engraved note of `musicXml` sounds (empty when Verovio cannot
   * read it). Note ids are derived from the MusicXML, so they match the SVG
   * that `engrave` made of the same text.
   */
  timemap(musicXml: string): readonly TimemapEntry[];
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
  // Ids from a checksum of the input: the same MusicXML always gets the same note ids.
  xmlIdChecksum: true,
};

/** Loads Verovio (a few megabytes of WebAssembly: call once). */
export async function createEngraver(): Promise<Engraver> {
  const toolkit = new VerovioToolkit(await createVerovioModule());
  toolkit.setOptions(OPTIONS);
  // The MusicXML the toolkit holds, so a timemap of what was just engraved loads nothing.
  let loaded: string | null = null;
  const load = (musicXml: string) => {
    loaded = toolkit.loadData(musicXml) ? musicXml : null;
    return loaded !== null;
  };
  return {
    engrave(musicXml) {
      if (!load(musicXml)) {
        return { ok: false, message: `Verovio could not read the score: ${toolkit.getLog()}` };
      }
      const pages: string[] = [];
      for (let page = 1; page <= toolkit.getPageCount(); page++) {
        pages.push(toolkit.renderToSVG(page));
      }
      return { ok: true, pages };
    },
    timemap(musicXml) {
      return loaded === musicXml || load(musicXml) ? toolkit.renderToTimemap({}) : [];
    },
  };
}
