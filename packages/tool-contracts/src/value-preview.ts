/**
 * Quoting an agent's value or key back in a message: short, JSON-like, and
 * safe for any input. A value nested thousands deep, a cycle or an object
 * with a throwing `toJSON` still gives a bounded, readable quote: the writer
 * stops as soon as it has enough characters, so depth never matters.
 */

/** The most characters of an agent's key or value quoted back in a message. */
export const PREVIEW_LENGTH = 60;

/**
 * `text`, cut to {@link PREVIEW_LENGTH} characters with `...` when longer.
 *
 * @example
 * ```ts
 * clip('x'.repeat(100)); // 57 x's and '...'
 * ```
 */
export function clip(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 3)}...` : text;
}

/**
 * A value as a message quotes it: JSON, at most 60 characters. Numbers JSON
 * cannot show (`NaN`, `Infinity`) and `undefined` are written as they are.
 *
 * @example
 * ```ts
 * preview('x'.repeat(1000)); // '"xxxx...' (60 characters)
 * preview({ next: { next: {} } }); // '{"next":{"next":{}}}'
 * ```
 */
export function preview(value: unknown): string {
  const writer = new BoundedWriter(PREVIEW_LENGTH + 1);
  writeValue(writer, value);
  return clip(writer.text);
}

/** Collects text until it holds `limit` characters, then ignores the rest. */
class BoundedWriter {
  text = '';
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get full(): boolean {
    return this.text.length >= this.#limit;
  }

  write(part: string): void {
    if (!this.full) this.text += part.slice(0, this.#limit - this.text.length);
  }
}

function writeValue(writer: BoundedWriter, value: unknown): void {
  if (writer.full) return;
  const json = jsonView(value);
  if (typeof json === 'string') writer.write(JSON.stringify(json.slice(0, PREVIEW_LENGTH + 1)));
  else if (typeof json === 'number') writer.write(String(json));
  else if (Array.isArray(json)) writeArray(writer, json);
  else if (typeof json === 'object' && json !== null) writeObject(writer, json);
  else writer.write(String(json));
}

function writeArray(writer: BoundedWriter, array: readonly unknown[]): void {
  writer.write('[');
  for (let index = 0; index < array.length && !writer.full; index++) {
    if (index > 0) writer.write(',');
    const item = array[index];
    writeValue(writer, item === undefined || typeof item === 'function' ? null : item);
  }
  writer.write(']');
}

function writeObject(writer: BoundedWriter, object: object): void {
  writer.write('{');
  let first = true;
  for (const key of Object.keys(object)) {
    if (writer.full) break;
    const item = (object as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function') continue;
    writer.write(`${first ? '' : ','}${JSON.stringify(key.slice(0, PREVIEW_LENGTH + 1))}:`);
    writeValue(writer, item);
    first = false;
  }
  writer.write('}');
}

/** What JSON would show for `value` one level down: `toJSON()` applied (when it works), oddities named. */
function jsonView(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object' || value === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== 'function') return value;
  try {
    return toJSON.call(value);
  } catch {
    // Show its own fields instead.
    return { ...value };
  }
}
