/**
 * Presence on the page: this page shares its name (generated, or the one
 * the person typed, remembered in this browser), colour and selected measures through the provider's awareness, and shows everyone
 * else on the document: a list (name, colour, selection) and a frame in their
 * colour around the measures each has selected, redrawn after every
 * engraving (the score element's `engraved` event).
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';
import { measuresPhrase } from './person-words.ts';
import {
  chosenName,
  initialPresence,
  type Peer,
  peersAt,
  peersOf,
  presenceColor,
} from './presence.ts';
import { measureElements, measureNumberOf } from './score-view.ts';
import type { SelectionStore } from './selection-store.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The provider's awareness (the page always creates one). */
type Awareness = NonNullable<HocuspocusProvider['awareness']>;

/** Where presence is shown. */
export interface PresenceElements {
  readonly list: HTMLUListElement;
  readonly score: HTMLElement;
  /** Where the person types the name the others see. */
  readonly name: HTMLInputElement;
}

/** Where the page remembers the name the person chose. */
const NAME_KEY = 'scorelane.presence-name';

/** Shares this page's presence and shows the others'; returns the unbind. */
export function showPresence(
  awareness: Awareness,
  selection: SelectionStore,
  elements: PresenceElements,
): () => void {
  const { user } = initialPresence(awareness.clientID);
  const self = {
    ...user,
    name: chosenName(localStorage.getItem(NAME_KEY) ?? '', awareness.clientID),
    color: presenceColor(
      awareness.clientID,
      null,
      peersOf(awareness.getStates(), awareness.clientID),
    ),
  };
  // Copies: the awareness compares a new state with the stored one, so `self` must never be it.
  awareness.setLocalStateField('user', { ...self });
  elements.name.value = self.name;
  const rename = () => {
    self.name = chosenName(elements.name.value, awareness.clientID);
    localStorage.setItem(NAME_KEY, self.name === user.name ? '' : self.name);
    awareness.setLocalStateField('user', { ...self });
  };
  elements.name.addEventListener('change', rename);
  const shareSelection = () => {
    const range = selection.get();
    awareness.setLocalStateField(
      'selection',
      range === null
        ? null
        : { start_measure: range.start_measure, end_measure: range.end_measure },
    );
  };
  shareSelection();
  const redraw = () => {
    const peers = peersOf(awareness.getStates(), awareness.clientID);
    const color = presenceColor(awareness.clientID, self.color, peers);
    if (color !== self.color) {
      // Someone who came first has this colour: take the first free one.
      self.color = color;
      awareness.setLocalStateField('user', { ...self });
    }
    showList(elements.list, self, peers);
    markPeers(elements.score, peers);
  };
  const stopSelection = selection.subscribe(shareSelection);
  awareness.on('change', redraw);
  elements.score.addEventListener('engraved', redraw);
  redraw();
  return () => {
    stopSelection();
    awareness.off('change', redraw);
    elements.score.removeEventListener('engraved', redraw);
    elements.name.removeEventListener('change', rename);
  };
}

/** The list: this page first ("you"), then each peer with what they selected. */
function showList(list: HTMLUListElement, self: Peer['user'], peers: readonly Peer[]): void {
  list.replaceChildren(
    listItem(self.color, `${self.name} (you)`),
    ...peers.map((peer) =>
      listItem(
        peer.user.color,
        peer.selection === null
          ? peer.user.name
          : `${peer.user.name}: ${measuresPhrase(peer.selection.start_measure, peer.selection.end_measure)}`,
      ),
    ),
  );
}

function listItem(color: string, text: string): HTMLLIElement {
  const item = document.createElement('li');
  const swatch = document.createElement('span');
  swatch.className = 'presence-swatch';
  swatch.style.background = color;
  item.append(swatch, text);
  return item;
}

/** Frames each measure a peer selected in the peer's colour; `data-peers` names them. */
function markPeers(score: HTMLElement, peers: readonly Peer[]): void {
  for (const marker of score.querySelectorAll('rect.presence-marker')) marker.remove();
  for (const measure of measureElements(score)) {
    const here = peersAt(peers, measureNumberOf(measure) ?? 0);
    if (here.length === 0) {
      measure.removeAttribute('data-peers');
      continue;
    }
    measure.dataset.peers = here.map((peer) => peer.user.name).join(', ');
    const backdrop = measure.querySelector('rect.measure-backdrop');
    if (backdrop === null) continue;
    measure.append(...here.map((peer, order) => marker(backdrop, peer.user.color, order)));
  }
}

/** A frame over `backdrop`, inset by `order` so several peers' frames stay visible. */
function marker(backdrop: Element, color: string, order: number): SVGRectElement {
  const inset = 40 * order;
  const number = (name: string) => Number(backdrop.getAttribute(name));
  const rect = document.createElementNS(SVG_NS, 'rect');
  rect.setAttribute('class', 'presence-marker');
  rect.setAttribute('x', String(number('x') + inset));
  rect.setAttribute('y', String(number('y') + inset));
  rect.setAttribute('width', String(Math.max(0, number('width') - 2 * inset)));
  rect.setAttribute('height', String(Math.max(0, number('height') - 2 * inset)));
  rect.style.stroke = color;
  return rect;
}
