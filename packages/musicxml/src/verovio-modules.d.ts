/**
 * The little of verovio's JavaScript API the tests use (the package ships no
 * types). verovio is LGPL and a devDependency: only tests load it.
 */
declare module 'verovio/wasm' {
  /** Loads the WebAssembly module. */
  export default function createVerovioModule(): Promise<unknown>;
}

declare module 'verovio/esm' {
  /** One entry of a timemap: notes that start (`on`) at a quarter-note stamp. */
  export interface TimemapEntry {
    readonly qstamp: number;
    readonly tstamp: number;
    readonly on?: readonly string[];
    readonly off?: readonly string[];
    /** The measure that starts here, when asked for with `includeMeasures`. */
    readonly measureOn?: string;
  }

  /** A verovio toolkit over a loaded module. */
  export class VerovioToolkit {
    constructor(module: unknown);
    setOptions(options: Record<string, unknown>): void;
    loadData(data: string): boolean | number;
    loadZipDataBuffer(data: ArrayBuffer): boolean | number;
    getLog(): string;
    renderToTimemap(options?: Record<string, unknown>): TimemapEntry[];
    getMIDIValuesForElement(id: string): {
      readonly pitch: number;
      readonly time: number;
      readonly duration: number;
    };
    getElementAttr(id: string): Record<string, string>;
  }
}
