/**
 * Engraving in a worker: the page's side of `engraver-worker.ts`. Verovio
 * is loaded and runs in a Web Worker, so neither compiling its WebAssembly
 * nor laying out a range blocks the page; each engraving comes back with its
 * timemap, which the play head reads later without asking again.
 */
import type { Engraving, TimemapEntry } from './engraver.ts';

/** A request to the worker. */
export interface EngraveRequest {
  readonly id: number;
  readonly musicXml: string;
}

/** The worker's answer. */
export type EngraveResponse =
  | {
      readonly id: number;
      readonly ok: true;
      readonly pages: readonly string[];
      readonly timemap: readonly TimemapEntry[];
    }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** What the worker says once Verovio is loaded: when (ms since the epoch), for the page's `scorelane:verovio-loaded` mark. */
export interface EngraverLoaded {
  readonly loadedAt: number;
}

/** An engraving with its timemap, or why Verovio could not make it. */
export type TimedEngraving =
  | (Extract<Engraving, { ok: true }> & { readonly timemap: readonly TimemapEntry[] })
  | Extract<Engraving, { ok: false }>;

/** Engraves MusicXML away from the main thread. */
export interface AsyncEngraver {
  engrave(musicXml: string): Promise<TimedEngraving>;
}

/**
 * Starts the worker (Verovio begins loading at once) and returns its engraver.
 *
 * @example
 * ```ts
 * const engraver = createWorkerEngraver();
 * const engraving = await engraver.engrave(exportMusicXml(score));
 * ```
 */
export function createWorkerEngraver(): AsyncEngraver {
  const worker = new Worker(new URL('./engraver-worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (engraving: TimedEngraving) => void>();
  let next = 0;
  worker.addEventListener('message', (event: MessageEvent<EngraveResponse | EngraverLoaded>) => {
    if ('loadedAt' in event.data) {
      const startTime = event.data.loadedAt - performance.timeOrigin;
      performance.mark('scorelane:verovio-loaded', { startTime });
      return;
    }
    const { id, ...engraving } = event.data;
    waiting.get(id)?.(engraving);
    waiting.delete(id);
  });
  worker.addEventListener('error', (event) => {
    for (const resolve of waiting.values()) {
      resolve({ ok: false, message: `The engraver stopped: ${event.message}` });
    }
    waiting.clear();
  });
  return {
    engrave(musicXml) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, musicXml } satisfies EngraveRequest);
      });
    },
  };
}
