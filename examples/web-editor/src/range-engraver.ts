/**
 * Engraving a few measures of a score, for the review panel's before and
 * after: Verovio loads the whole MusicXML and renders only the selected
 * measure range (`select({ measureRange })`), at a smaller size. It has a
 * toolkit of its own, so the score's engraving keeps its layout.
 */
import { VerovioToolkit } from 'verovio/esm';
import createVerovioModule from 'verovio/wasm';

/** Engraves measures `start` to `end` (1-based, in score order) of MusicXML, as SVG. */
export interface RangeEngraver {
  engrave(musicXml: string, start: number, end: number): string | null;
}

const OPTIONS = {
  scale: 30,
  pageWidth: 1400,
  pageHeight: 20000,
  adjustPageHeight: true,
  adjustPageWidth: true,
  breaks: 'auto',
  footer: 'none',
  header: 'none',
  svgViewBox: true,
};

/** Loads a Verovio toolkit for ranges (call once, when the first proposal comes). */
export async function createRangeEngraver(): Promise<RangeEngraver> {
  const toolkit = new VerovioToolkit(await createVerovioModule());
  toolkit.setOptions(OPTIONS);
  return {
    engrave(musicXml, start, end) {
      if (!toolkit.loadData(musicXml)) return null;
      const numbers = measureNumbers(musicXml);
      const first = numbers[start - 1];
      const last = numbers[end - 1];
      if (first !== undefined && last !== undefined) {
        toolkit.select({ measureRange: `${first}-${last}` });
        toolkit.redoLayout();
      }
      const pages: string[] = [];
      for (let page = 1; page <= toolkit.getPageCount(); page++) {
        pages.push(toolkit.renderToSVG(page));
      }
      return pages.join('\n');
    },
  };
}

/** The `number` of each measure of the first part, in order: what Verovio selects by. */
export function measureNumbers(musicXml: string): string[] {
  const firstPart = /<part\b[\s\S]*?<\/part>/.exec(musicXml)?.[0] ?? '';
  return [...firstPart.matchAll(/<measure\b[^>]*\bnumber="([^"]*)"/g)].map(
    (match) => match[1] ?? '',
  );
}
