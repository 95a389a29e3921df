/**
 * Presence on a shared document: what each person's page puts in the
 * provider's awareness (a name, a colour, the measures they have selected)
 * and how the page reads the others'. Awareness states come from other
 * clients, so they are checked before use: a state that is not a person's
 * presence is left out.
 */

/** The measures a person has selected. */
export interface PresenceSelection {
  readonly start_measure: number;
  readonly end_measure: number;
}

/** What one page shares in the awareness. */
export interface PresenceState {
  readonly user: { readonly name: string; readonly color: string };
  readonly selection: PresenceSelection | null;
}

/** Another client on the document. */
export interface Peer extends PresenceState {
  readonly clientId: number;
}

/**
 * Twelve colours that read on white, tell apart from each other, and differ
 * from the selection's blue and the change's amber: up to twelve people on a
 * page each get one of their own ({@link presenceColor}).
 */
export const PRESENCE_PALETTE: readonly string[] = [
  '#2e7d32',
  '#6a1b9a',
  '#c62828',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#283593',
  '#e65100',
  '#827717',
  '#37474f',
  '#5c6bc0',
  '#8d6e63',
];

/**
 * A generated name for a client: "Guest" and a number from its client id.
 *
 * @example
 * ```ts
 * guestName(1234567); // 'Guest 67'
 * ```
 */
export function guestName(clientId: number): string {
  return `Guest ${clientId % 100}`;
}

/** A colour for a client before it has looked at the others: the palette's, by its client id. */
export function guestColor(clientId: number): string {
  return PRESENCE_PALETTE[clientId % PRESENCE_PALETTE.length] ?? '#555555';
}

/**
 * The colour client `clientId` should show among `others`: its `current`
 * colour while no one else has it (when two clash, the lower client id keeps
 * it), else the first colour of the palette no one has, in the order people
 * arrived, so up to twelve people on a page never share one.
 *
 * @example
 * ```ts
 * presenceColor(9, null, [{ clientId: 3, user: { name: 'Ada', color: PRESENCE_PALETTE[0] } }]); // PRESENCE_PALETTE[1]
 * ```
 */
export function presenceColor(
  clientId: number,
  current: string | null,
  others: readonly Pick<Peer, 'clientId' | 'user'>[],
): string {
  const clash = others.some((peer) => peer.user.color === current && peer.clientId < clientId);
  if (current !== null && PRESENCE_PALETTE.includes(current) && !clash) return current;
  const taken = new Set(
    others.filter((peer) => peer.clientId !== clientId).map((peer) => peer.user.color),
  );
  return PRESENCE_PALETTE.find((color) => !taken.has(color)) ?? guestColor(clientId);
}

/** The longest name a presence may carry. */
export const MAX_NAME_LENGTH = 60;

/**
 * The name a person typed, trimmed and cut to {@link MAX_NAME_LENGTH}; their
 * generated guest name when they typed nothing.
 *
 * @example
 * ```ts
 * chosenName('  Ada  ', 7); // 'Ada'
 * chosenName('', 7); // 'Guest 7'
 * ```
 */
export function chosenName(typed: string, clientId: number): string {
  const name = typed.trim().slice(0, MAX_NAME_LENGTH);
  return name === '' ? guestName(clientId) : name;
}

/** The presence a client starts with: its generated name and colour, nothing selected. */
export function initialPresence(clientId: number): PresenceState {
  return { user: { name: guestName(clientId), color: guestColor(clientId) }, selection: null };
}

/**
 * A remote awareness state as a presence, or null when it is not one (a
 * missing or oversized name, a colour that is not `#rrggbb`, a selection that
 * is not a range of measures).
 *
 * @example
 * ```ts
 * presenceOf({ user: { name: 'Ada', color: '#2e7d32' }, selection: null }); // the same presence
 * presenceOf({ user: { name: 'x', color: 'url(javascript:1)' } }); // null
 * ```
 */
export function presenceOf(state: unknown): PresenceState | null {
  if (!isRecord(state) || !isRecord(state.user)) return null;
  const { name, color } = state.user;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) return null;
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  const selection = selectionOf(state.selection);
  if (selection === undefined) return null;
  return { user: { name, color }, selection };
}

function selectionOf(value: unknown): PresenceSelection | null | undefined {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) return undefined;
  const { start_measure: start, end_measure: end } = value;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return undefined;
  if ((start as number) < 1 || (end as number) < (start as number)) return undefined;
  return { start_measure: start as number, end_measure: end as number };
}

/**
 * The other clients' presences, by client id, leaving out this one and states that are not presences.
 *
 * @example
 * ```ts
 * peersOf(provider.awareness.getStates(), provider.awareness.clientID);
 * ```
 */
export function peersOf(states: ReadonlyMap<number, unknown>, selfId: number): Peer[] {
  const peers: Peer[] = [];
  for (const [clientId, state] of states) {
    if (clientId === selfId) continue;
    const presence = presenceOf(state);
    if (presence !== null) peers.push({ clientId, ...presence });
  }
  return peers.sort((a, b) => a.clientId - b.clientId);
}

/** The peers whose selection holds measure `measure` (1-based). */
export function peersAt(peers: readonly Peer[], measure: number): Peer[] {
  return peers.filter(
    (peer) =>
      peer.selection !== null &&
      peer.selection.start_measure <= measure &&
      measure <= peer.selection.end_measure,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
