/**
 * A string built from many small pieces, as the serializer writes one: the
 * canonical text of a large score is millions of pieces (a pitch, `=`, a
 * duration, a space), and joining them as strings costs a rope node or an
 * array slot each, and the garbage collector's time for them.
 */

/** How many code units one chunk of ASCII holds before it is turned into a string. */
const CHUNK_SIZE = 64 * 1024;

/** The first non-ASCII code unit. */
const NON_ASCII = 0x80;

const ASCII_DECODER = new TextDecoder();

/**
 * The chunk a finished writer gave back, for the next writer to take: a
 * serialize call then allocates no chunk of its own (a fresh one is zeroed,
 * which costs more than writing a small document). A writer started while
 * another is open (a nested call) finds none and makes its own.
 */
let spareChunk: Uint8Array | undefined;

/**
 * Writes text piece by piece and gives the whole string back once. ASCII
 * goes byte by byte into a chunk that becomes a string when it is full, so
 * a piece costs no allocation; a piece with any other character is kept as
 * the string it is (a lone surrogate too), so the text is exactly the
 * pieces one after the other.
 *
 * @example
 * ```ts
 * const out = new TextWriter();
 * out.write('P1 s1 v1 m');
 * out.writeInteger(12);
 * out.writeAscii(58); // ":"
 * out.finish(); // "P1 s1 v1 m12:"
 * ```
 */
export class TextWriter {
  private chunk: Uint8Array;
  private length = 0;
  private readonly parts: string[] = [];

  constructor() {
    this.chunk = spareChunk ?? new Uint8Array(CHUNK_SIZE);
    spareChunk = undefined;
  }

  /** Appends `text`. */
  write(text: string): void {
    const count = text.length;
    if (this.length + count > CHUNK_SIZE) {
      this.flush();
      if (count > CHUNK_SIZE) {
        this.parts.push(text);
        return;
      }
    }
    const { chunk, length } = this;
    for (let i = 0; i < count; i++) {
      const code = text.charCodeAt(i);
      if (code >= NON_ASCII) {
        // Keep what came before this character as bytes and the rest as the string it is.
        this.length = length + i;
        this.flush();
        this.parts.push(i === 0 ? text : text.slice(i));
        return;
      }
      chunk[length + i] = code;
    }
    this.length = length + count;
  }

  /** Appends one ASCII character by its code (below 128; the caller's invariant). */
  writeAscii(code: number): void {
    if (this.length === CHUNK_SIZE) this.flush();
    this.chunk[this.length++] = code;
  }

  /** Appends a number as `String(value)` writes it; the digits of a small whole number go in directly. */
  writeInteger(value: number): void {
    if (!(Number.isInteger(value) && value >= 0 && value < 1e9)) {
      this.write(String(value));
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    if (this.length + digits > CHUNK_SIZE) this.flush();
    const { chunk } = this;
    let at = this.length + digits;
    this.length = at;
    let rest = value;
    do {
      chunk[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }

  /** The text written, once: the writer is spent after it. */
  finish(): string {
    this.flush();
    spareChunk = this.chunk;
    this.chunk = new Uint8Array(0);
    const { parts } = this;
    if (parts.length === 0) return '';
    return parts.length === 1 ? parts[0]! : parts.join('');
  }

  /** Turns the chunk's bytes (ASCII only, so UTF-8 decoding is exact) into a string of the text. */
  private flush(): void {
    if (this.length === 0) return;
    this.parts.push(ASCII_DECODER.decode(this.chunk.subarray(0, this.length)));
    this.length = 0;
  }
}
