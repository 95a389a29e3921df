/**
 * Reading and writing the parts of a Hocuspocus frame the server screens:
 * the header (the document's name, a varString, then the message type, a
 * varUint) and an awareness update (a count, then each client's id, clock
 * and state as JSON). lib0's encoding, written out here because these few
 * lines are all the server needs of it.
 */

/**
 * Hocuspocus's message types that the server screens.
 *
 * @example
 * ```ts
 * frameHeader(frame)?.type === MESSAGE_TYPE.awareness;
 * ```
 */
export const MESSAGE_TYPE = {
  awareness: 1,
  auth: 2,
  stateless: 5,
  broadcastStateless: 6,
} as const;

/**
 * One client's entry of an awareness update; `state` is its JSON text (`"null"` when it leaves).
 *
 * @example
 * ```ts
 * const entry: AwarenessEntry = { clientId: 7, clock: 3, state: '{"user":{"name":"Ada","color":"#2e7d32"}}' };
 * ```
 */
export interface AwarenessEntry {
  readonly clientId: number;
  readonly clock: number;
  readonly state: string;
}

/**
 * The document a frame is for and its message type, with where its body
 * starts; undefined when the frame does not begin so.
 *
 * @example
 * ```ts
 * frameHeader(frame); // { document: 'ode', type: 1, body: 5 }
 * ```
 */
export function frameHeader(
  frame: Uint8Array,
): { readonly document: string; readonly type: number; readonly body: number } | undefined {
  const name = readVarBytes(frame, 0);
  if (name === undefined) return undefined;
  const type = readVarUint(frame, name.next);
  if (type === undefined) return undefined;
  return { document: Buffer.from(name.bytes).toString('utf8'), type: type.value, body: type.next };
}

/**
 * The entries of the awareness update in an awareness frame's body (from
 * `at`), or undefined when it is not one.
 *
 * @example
 * ```ts
 * const header = frameHeader(frame);
 * awarenessEntries(frame, header.body); // [{ clientId: 7, clock: 3, state: '{"user":...}' }]
 * ```
 */
export function awarenessEntries(frame: Uint8Array, at: number): AwarenessEntry[] | undefined {
  const update = readVarBytes(frame, at);
  if (update === undefined) return undefined;
  const bytes = update.bytes;
  const count = readVarUint(bytes, 0);
  if (count === undefined) return undefined;
  const entries: AwarenessEntry[] = [];
  let next = count.next;
  for (let index = 0; index < count.value; index++) {
    const clientId = readVarUint(bytes, next);
    const clock = clientId && readVarUint(bytes, clientId.next);
    const state = clock && readVarBytes(bytes, clock.next);
    if (!clientId || !clock || !state) return undefined;
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    try {
      entries.push({
        clientId: clientId.value,
        clock: clock.value,
        state: text.decode(state.bytes),
      });
    } catch {
      return undefined;
    }
    next = state.next;
  }
  return entries;
}

/**
 * An awareness frame for `document` holding `entries`.
 *
 * @example
 * ```ts
 * awarenessFrame('ode', [{ clientId: 7, clock: 3, state: 'null' }]);
 * ```
 */
export function awarenessFrame(document: string, entries: readonly AwarenessEntry[]): Uint8Array {
  const update: number[] = [];
  writeVarUint(update, entries.length);
  for (const entry of entries) {
    writeVarUint(update, entry.clientId);
    writeVarUint(update, entry.clock);
    writeVarBytes(update, Buffer.from(entry.state, 'utf8'));
  }
  const frame: number[] = [];
  writeVarBytes(frame, Buffer.from(document, 'utf8'));
  writeVarUint(frame, MESSAGE_TYPE.awareness);
  writeVarBytes(frame, update);
  return Uint8Array.from(frame);
}

function readVarUint(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let value = 0;
  let shift = 0;
  for (let index = at; index < bytes.length && shift < 53; index++) {
    const byte = bytes[index]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return { value, next: index + 1 };
    shift += 7;
  }
  return undefined;
}

function readVarBytes(
  bytes: Uint8Array,
  at: number,
): { bytes: Uint8Array; next: number } | undefined {
  const length = readVarUint(bytes, at);
  if (length === undefined) return undefined;
  const end = length.next + length.value;
  if (end > bytes.length) return undefined;
  return { bytes: bytes.subarray(length.next, end), next: end };
}

function writeVarUint(out: number[], value: number): void {
  let rest = value;
  while (rest > 0x7f) {
    out.push(0x80 | (rest % 0x80));
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

function writeVarBytes(out: number[], bytes: ArrayLike<number>): void {
  writeVarUint(out, bytes.length);
  for (let index = 0; index < bytes.length; index++) out.push(bytes[index]!);
}
