/**
 * Reading and writing the parts of a Hocuspocus frame the server screens:
 * the header (the document's name, a varString, then the message type, a
 * varUint; the types are Hocuspocus's `MessageType`) and an awareness update
 * (a count, then each client's id, clock and state as JSON), in lib0's
 * encoding, as Hocuspocus and y-protocols read and write them.
 */

import { MessageType } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

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
 * The document a frame is for and its message type (a `MessageType`), with
 * where its body starts.
 *
 * @example
 * ```ts
 * const header: FrameHeader = { document: 'ode', type: MessageType.Awareness, body: 5 };
 * ```
 */
export interface FrameHeader {
  readonly document: string;
  readonly type: number;
  /** The offset in the frame of the first byte after the type. */
  readonly body: number;
}

/**
 * The header of a frame, or undefined when the frame does not begin with a
 * document name (UTF-8) and a message type.
 *
 * @example
 * ```ts
 * frameHeader(frame); // { document: 'ode', type: 1, body: 5 }
 * ```
 */
export function frameHeader(frame: Uint8Array): FrameHeader | undefined {
  try {
    const decoder = decoding.createDecoder(frame);
    const document = decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    return { document, type, body: decoder.pos };
  } catch {
    return undefined;
  }
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
  try {
    const update = decoding.readVarUint8Array(decoding.createDecoder(frame.subarray(at)));
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    const entries: AwarenessEntry[] = [];
    for (let index = 0; index < count; index++) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      // lib0's one fatal UTF-8 decoder: a state that is not UTF-8 throws.
      const state = decoding.readVarString(decoder);
      entries.push({ clientId, clock, state });
    }
    return entries;
  } catch {
    return undefined;
  }
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
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(update, entry.clientId);
    encoding.writeVarUint(update, entry.clock);
    encoding.writeVarString(update, entry.state);
  }
  const frame = encoding.createEncoder();
  encoding.writeVarString(frame, document);
  encoding.writeVarUint(frame, MessageType.Awareness);
  encoding.writeVarUint8Array(frame, encoding.toUint8Array(update));
  return encoding.toUint8Array(frame);
}
