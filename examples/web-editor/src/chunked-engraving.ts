/**
 * The score engraved in ranges of measures: each range of
 * {@link CHUNK_MEASURES} measures is exported and engraved by Verovio on its
 * own, into an element of its own, so a change re-engraves only the ranges
 * whose measures it touched, and only ranges on screen (or near it) are
 * engraved at all; the others wait as placeholders until they scroll into
 * view. Each engraved `g.measure` carries its measure number in
 * `data-measure`, so selection, highlights, presence and the play head find
 * measures whatever is engraved.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import {
  createScore,
  measureLength,
  printedNumbersOf,
  SCORE_TEXT_FIELDS,
  type Score,
  type ScoreInit,
  scoreContent,
} from '@scorelane/score-model';
import * as Y from 'yjs';
import type { Engraver, TimemapEntry } from './engraver.ts';
import { addBackdrops } from './score-view.ts';

/** How many measures one range holds: about a system or two of the score pane. */
export const CHUNK_MEASURES = 8;

/** What changed: every measure (parts, measures or metadata changed), or these measures (1-based). */
export type ChangedMeasures = 'all' | ReadonlySet<number>;

/** The engraved score. */
export interface ChunkedEngraving {
  /** Engraves again the ranges `changed` touched that are on screen; marks the others to engrave when they come into view. */
  update(changed: ChangedMeasures): { readonly ok: true } | { readonly ok: false; message: string };
  /** Verovio's timemap of the score as engraved, quarter stamps from the score's start, ids those of the engraved notes. */
  timemap(): readonly TimemapEntry[];
}

interface Chunk {
  readonly start: number;
  readonly end: number;
  readonly element: HTMLElement;
  /** The MusicXML engraved in `element`, or null while it shows a placeholder or an older engraving. */
  engraved: string | null;
  stale: boolean;
  timemap: readonly TimemapEntry[] | null;
}

/** The measures `start` to `end` (1-based) of `content` as a score of their own, numbered as in the score. */
function rangeContent(content: ScoreInit, start: number, end: number): ScoreInit {
  const numbers = printedNumbersOf(content.measures);
  const measures = content.measures.slice(start - 1, end).map((info, index) => ({
    ...info,
    number: numbers[start - 1 + index]!,
  }));
  const units = (content.units ?? [])
    .filter((unit) => unit.measure >= start && unit.measure <= end)
    .map((unit) => ({ ...unit, measure: unit.measure - start + 1 }));
  // Only the first range shows the title and credits; the others' headers stay empty.
  const rest = Object.fromEntries(
    Object.entries(content).filter(
      ([name]) => start === 1 || !(SCORE_TEXT_FIELDS as readonly string[]).includes(name),
    ),
  ) as unknown as ScoreInit;
  return { ...rest, measures, units };
}

function rangeMusicXml(content: ScoreInit, start: number, end: number): string {
  return exportMusicXml(createScore(new Y.Doc(), rangeContent(content, start, end)));
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
 * engraved as it scrolled into view included).
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
  engraver: Engraver,
  onEngraved: () => void,
): ChunkedEngraving {
  let chunks: Chunk[] = [];
  let content: ScoreInit | null = null;
  const near = new Set<HTMLElement>();
  let placeholderHeight = 400;

  const engrave = (chunk: Chunk): string | null => {
    content ??= scoreContent(score);
    const xml = rangeMusicXml(content, chunk.start, chunk.end);
    chunk.stale = false;
    if (xml === chunk.engraved) return null;
    const engraving = engraver.engrave(xml);
    if (!engraving.ok) return engraving.message;
    chunk.element.innerHTML = engraving.pages.join('\n');
    chunk.element.style.minHeight = '';
    chunk.engraved = xml;
    chunk.timemap = null;
    const measures = chunk.element.querySelectorAll<SVGGElement>('svg g.measure');
    measures.forEach((measure, index) => {
      measure.dataset.measure = String(chunk.start + index);
    });
    addBackdrops(chunk.element);
    placeholderHeight = chunk.element.getBoundingClientRect().height || placeholderHeight;
    return null;
  };

  const observer = new IntersectionObserver(
    (entries) => {
      let engraved = false;
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        if (!entry.isIntersecting) {
          near.delete(element);
          continue;
        }
        near.add(element);
        const chunk = chunks.find((candidate) => candidate.element === element);
        if (chunk?.stale && engrave(chunk) === null) engraved = true;
      }
      content = null;
      if (engraved) onEngraved();
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
        timemap: null,
      });
    }
    container.replaceChildren(...chunks.map((chunk) => chunk.element));
    for (const chunk of chunks) observer.observe(chunk.element);
  };

  /** Whether `element` is on screen or near it now (the observer tells it only later). */
  const onScreen = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const margin = window.innerHeight / 2;
    return box.bottom >= -margin && box.top <= window.innerHeight + margin;
  };

  return {
    update(changed) {
      content = scoreContent(score);
      if (
        changed === 'all' ||
        chunks.length === 0 ||
        chunks.at(-1)!.end !== content.measures.length
      ) {
        layOut(content.measures.length);
      } else {
        for (const chunk of chunks) {
          for (const measure of changed) {
            if (measure >= chunk.start && measure <= chunk.end) chunk.stale = true;
          }
        }
      }
      let failure: string | null = null;
      for (const chunk of chunks) {
        if (!chunk.stale) continue;
        if (!near.has(chunk.element) && !onScreen(chunk.element)) continue;
        failure ??= engrave(chunk);
      }
      content = null;
      onEngraved();
      return failure === null ? { ok: true } : { ok: false, message: failure };
    },
    timemap() {
      const whole = scoreContent(score);
      const starts = quarterStarts(whole);
      const entries: TimemapEntry[] = [];
      for (const chunk of chunks) {
        if (chunk.engraved === null) continue;
        chunk.timemap ??= engraver.timemap(chunk.engraved);
        const offset = starts[chunk.start] ?? 0;
        for (const entry of chunk.timemap)
          entries.push({ ...entry, qstamp: entry.qstamp + offset });
      }
      return entries;
    },
  };
}
