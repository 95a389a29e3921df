/**
 * The part of verovio's JavaScript API the editor uses (the package ships no
 * types).
 */
declare module 'verovio/wasm' {
  /** Loads the WebAssembly module (inlined in this file: nothing is fetched). */
  export default function createVerovioModule(): Promise<unknown>;
}

declare module 'verovio/esm' {
  /** A verovio toolkit over a loaded module. */
  export class VerovioToolkit {
    constructor(module: unknown);
    setOptions(options: Record<string, unknown>): void;
    loadData(data: string): boolean;
    getLog(): string;
    getPageCount(): number;
    renderToSVG(page: number): string;
    /** When each note sounds: `qstamp` in quarter notes, the ids of notes starting (`on`) and ending (`off`). */
    renderToTimemap(options: Record<string, unknown>): {
      qstamp: number;
      on?: string[];
      off?: string[];
    }[];
    /** Restricts the layout to part of the score, e.g. `{ measureRange: '2-3' }` (by measure number). */
    select(selection: Record<string, unknown>): boolean;
    redoLayout(options?: Record<string, unknown>): void;
  }
}
