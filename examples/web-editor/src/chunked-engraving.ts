/**
 * The score engraved in ranges of measures: each range of
 * {@link CHUNK_MEASURES} measures is exported and engraved by Verovio on its
 * own, into an element of its own, so a change re-engraves only the ranges
 * whose measures it touched, and only ranges on screen (or near it) are
 * engraved at all; the others wait as placeholders until they scroll into
 * view. Each engraved `g.measure` carries its measure number in
 * `data-measure`, so selection, highlights, presence and the play head find
 * measures whatever is engraved. Each range is engraved in a task of its
 * own, by Verovio in a worker (`worker-engraver.ts`), the page yielding to
 * input between ranges, so engraving a long score never keeps the page from
 * answering.
 */

import { measureLength, type Score, type ScoreInit, scoreContent } from '@scorelane/score-model';
import type { TimemapEntry } from './engraver.ts';
import { markWhileOpening } from './opening-marks.ts';
import { rangeMusicXml } from './range-music-xml.ts';
import { addBackdrops } from './score-view.ts';
import type { AsyncEngraver } from './worker-engraver.ts';

/** How many measures one range holds: about a system or two of the score pane. */
export const CHUNK_MEASURES = 8;

/** What changed: every measure (parts, measures or metadata changed), or these measures (1-based). */
export type ChangedMeasures = 'all' | ReadonlySet<number>;

/** The engraved score. */
export interface ChunkedEngraving {
  /**
   * Engraves again the ranges `changed` touched that are on screen, one task
   * each; marks the others to engrave when they come into view. Resolves
   * once every range on screen is engraved (a later update's ranges too).
   */
  update(
    changed: ChangedMeasures,
  ): Promise<{ readonly ok: true } | { readonly ok: false; message: string }>;
  /** Verovio's timemap of the score as engraved (each range's, as its engraving brought it), quarter stamps from the score's start, ids those of the engraved notes. */
  timemap(): readonly TimemapEntry[];
  /**
   * Stops this engraving and gives its ranges to the next engraving of the
   * same container (`ChunkedEngravingOptions.keeping`), which engraves again
   * only those whose MusicXML it finds changed.
   */
  handOver(): readonly EngravedRange[];
}

/** Options of {@link chunkedEngraving}. */
export interface ChunkedEngravingOptions {
  /** Engrave only the ranges up to this measure (a file's head: the ranges its cut cannot reach). */
  readonly lastMeasure?: number;
  /** The engraving this one takes the container over from (the head's): its ranges are kept where they engrave the same. */
  readonly keeping?: ChunkedEngraving;
}

/** A range of the engraving, as one engraving hands it over to the next. */
export interface EngravedRange {
  readonly start: number;
  readonly end: number;
  readonly element: HTMLElement;
  /** The MusicXML engraved in `element`, or null while it shows a placeholder or an older engraving. */
  engraved: string | null;
  stale: boolean;
  timemap: readonly TimemapEntry[] | null;
}

type Chunk = EngravedRange;

/** Lets the page answer input (and paint) before the next range: `scheduler.yield` where there is one. */
function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Quarter notes from the score's start to the start of each measure (1-based; index 0 unused). */
function quarterStarts(content: ScoreInit): number[] {
  const starts = [0, 0];
  for (const info of content.measures) {
    const length = measureLength(info);
    starts.push(starts.at(-1)! + (4 * length.num) / length.den);
  }
  return starts;
}

/**
 * Engraves `score` into `container` range by range, now and on every
 * `update`; `onEngraved` hears each time engraved SVG changed (a range
 * engraved as it scrolled into view included); `onBusy` hears when
 * engraving starts and ends. With `options.keeping`, it starts from the
 * ranges another engraving of `container` shows (a long file's head, engraved
 * before the whole file was imported) and engraves again only those that
 * differ.
 *
 * @example
 * ```ts
 * const engraving = chunkedEngraving(page.score, score, engraver, () => markMeasures(...));
 * renderOnChange(score.doc, (changedAt, changed) => engraving.update(changed));
 * ```
 */
export function chunkedEngraving(
  container: HTMLElement,
  score: Score,
  engraver: AsyncEngraver,
  onEngraved: () => void,
  onBusy: (busy: boolean) => void = () => {},
  options: ChunkedEngravingOptions = {},
): ChunkedEngraving {
  let chunks: Chunk[] = [...(options.keeping?.handOver() ?? [])];
  let content: ScoreInit | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let failure: string | null = null;
  const near = new Set<HTMLElement>();
  let placeholderHeight = 400;

  const engrave = async (chunk: Chunk): Promise<string | null> => {
    content ??= scoreContent(score);
    const xml = rangeMusicXml(content, chunk.start, chunk.end);
    chunk.stale = false;
    if (xml === chunk.engraved) return null;
    markWhileOpening('range-exported', chunk.start);
    const engraving = await engraver.engrave(xml);
    markWhileOpening('range-engraved', chunk.start);
    // Changed again meanwhile, or laid out anew: the next round engraves it.
    if (chunk.stale || !chunks.includes(chunk)) return null;
    if (!engraving.ok) return engraving.message;
    chunk.element.innerHTML = engraving.pages.join('\n');
    chunk.element.style.minHeight = '';
    chunk.engraved = xml;
    chunk.timemap = engraving.timemap;
    const measures = chunk.element.querySelectorAll<SVGGElement>('svg g.measure');
    measures.forEach((measure, index) => {
      measure.dataset.measure = String(chunk.start + index);
    });
    addBackdrops(chunk.element);
    placeholderHeight = chunk.element.getBoundingClientRect().height || placeholderHeight;
    return null;
  };

  /** Whether `element` is on screen or near it now (the observer tells it only later). */
  const onScreen = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const margin = window.innerHeight / 2;
    return box.bottom >= -margin && box.top <= window.innerHeight + margin;
  };
  const nextStale = () =>
    chunks.find((chunk) => chunk.stale && (near.has(chunk.element) || onScreen(chunk.element)));

  /** Engraves the stale ranges on screen, one task each, until none is left. */
  const engraveStale = async () => {
    for (let chunk = nextStale(); chunk !== undefined; chunk = nextStale()) {
      const message = await engrave(chunk);
      if (message !== null) failure ??= message;
      onEngraved();
      await yieldToInput();
    }
  };
  const run = (): Promise<void> => {
    if (running !== null) {
      again = true;
      return running;
    }
    onBusy(true);
    running = (async () => {
      do {
        again = false;
        await engraveStale();
      } while (again);
    })().finally(() => {
      running = null;
      onBusy(false);
    });
    return running;
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        if (entry.isIntersecting) near.add(element);
        else near.delete(element);
      }
      if (nextStale() !== undefined) void run();
    },
    { rootMargin: '50% 0px' },
  );

  /** New placeholders for every range of the score as it is now. */
  const layOut = (count: number) => {
    observer.disconnect();
    near.clear();
    const old = chunks;
    chunks = [];
    for (let start = 1; start <= count; start += CHUNK_MEASURES) {
      const end = Math.min(count, start + CHUNK_MEASURES - 1);
      const reused = old.find((chunk) => chunk.start === start && chunk.end === end);
      const element = reused?.element ?? document.createElement('div');
      element.className = 'score-range';
      element.dataset.firstMeasure = String(start);
      if (!reused) element.style.minHeight = `${placeholderHeight}px`;
      chunks.push({
        start,
        end,
        element,
        engraved: reused?.engraved ?? null,
        stale: true,
        // The timemap of what the element shows: kept with its engraving.
        timemap: reused?.timemap ?? null,
      });
    }
    container.replaceChildren(...chunks.map((chunk) => chunk.element));
    for (const chunk of chunks) observer.observe(chunk.element);
  };

  return {
    async update(changed) {
      content = scoreContent(score);
      markWhileOpening('content-read');
      const count = Math.min(content.measures.length, options.lastMeasure ?? Infinity);
      if (changed === 'all' || chunks.length === 0 || chunks.at(-1)!.end !== count) {
        layOut(count);
      } else {
        for (const chunk of chunks) {
          for (const measure of changed) {
            if (measure >= chunk.start && measure <= chunk.end) chunk.stale = true;
          }
        }
      }
      failure = null;
      await run();
      onEngraved();
      const message = failure as string | null;
      return message === null ? { ok: true } : { ok: false, message };
    },
    timemap() {
      const whole = scoreContent(score);
      const starts = quarterStarts(whole);
      const entries: TimemapEntry[] = [];
      for (const chunk of chunks) {
        if (chunk.engraved === null || chunk.timemap === null) continue;
        const offset = starts[chunk.start] ?? 0;
        for (const entry of chunk.timemap)
          entries.push({ ...entry, qstamp: entry.qstamp + offset });
      }
      return entries;
    },
    handOver() {
      observer.disconnect();
      near.clear();
      const ranges = chunks;
      // Whatever this engraving still had in flight is no longer its own.
      chunks = [];
      return ranges;
    },
  };
}
