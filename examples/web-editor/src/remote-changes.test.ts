/**
 * Which activity entries a page shows as someone else's change, over real
 * Y.Docs that exchange their updates as peers do: only entries another
 * client recorded, only those that arrived after the page loaded, each once;
 * and the status line that names who changed what.
 */
import { type ActivityChange, type ActivityEntry, openActivityLog } from '@scorelane/score-tools';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { onRemoteChange, remoteChangeFilter, remoteChangeMessage } from './remote-changes.ts';
import { createSelectionStore } from './selection-store.ts';

const BAR_2 = { start_measure: 2, end_measure: 2, parts: [1] };

const change = (by: ActivityChange['by'], range = BAR_2): ActivityChange => ({
  by,
  tool: 'rewrite_measures',
  summary: '1 unit in m2, part 1',
  range,
  revision: null,
});

/** Two docs whose updates reach each other at once, as on a collaboration server. */
function peers() {
  const here = new Y.Doc();
  const there = new Y.Doc();
  here.on('update', (update: Uint8Array) => Y.applyUpdate(there, update, 'remote'));
  there.on('update', (update: Uint8Array) => Y.applyUpdate(here, update, 'remote'));
  return { here: openActivityLog(here), there: openActivityLog(there) };
}

describe('remote changes', () => {
  it('counts only new entries another client recorded, each once', () => {
    const { here, there } = peers();
    there.record(change({ kind: 'person', via: 'editor', name: 'Guest 3' }));
    const filter = remoteChangeFilter(here.entries(), here.doc.clientID);
    expect(filter.arrived(here.entries())).toEqual([]);
    here.record(change({ kind: 'person', via: 'editor' }));
    expect(filter.arrived(here.entries())).toEqual([]);
    const mcp = there.record(change({ kind: 'agent', via: 'mcp' }));
    expect(filter.arrived(here.entries())).toEqual([mcp]);
    expect(filter.arrived(here.entries())).toEqual([]);
  });

  it('hears the newest remote entry with a range as it arrives, never its own', () => {
    const { here, there } = peers();
    const heard: ActivityEntry[] = [];
    onRemoteChange(here, (entry) => heard.push(entry));
    here.record(change({ kind: 'agent', via: 'webmcp' }));
    const theirs = there.record(change({ kind: 'agent', via: 'mcp' }));
    expect(heard).toEqual([theirs]);
  });

  it('highlights without moving the selection; the next selection clears it', () => {
    const selection = createSelectionStore();
    let notified = 0;
    selection.subscribe(() => notified++);
    selection.set({ start_measure: 5, end_measure: 5, parts: [1] });
    selection.showRemoteChange(BAR_2);
    expect(selection.get()).toEqual({ start_measure: 5, end_measure: 5, parts: [1] });
    expect(selection.highlighted()).toEqual(BAR_2);
    expect(notified).toBe(1);
    selection.set({ start_measure: 1, end_measure: 1, parts: [1] });
    expect(selection.highlighted()).toBeNull();
  });

  it('says who changed what, in words without tool names', () => {
    const { there } = peers();
    const say = (by: ActivityChange['by'], range = BAR_2) =>
      remoteChangeMessage(there.record(change(by, range)));
    expect(say({ kind: 'person', via: 'editor', name: 'Guest 3' })).toBe(
      'Guest 3 rewrote measure 2.',
    );
    expect(say({ kind: 'agent', via: 'mcp' }, { ...BAR_2, end_measure: 3 })).toBe(
      'An agent on the server rewrote measures 2-3.',
    );
    expect(say({ kind: 'agent', via: 'webmcp', name: 'Alice' })).toBe(
      'An agent in Alice’s browser rewrote measure 2.',
    );
  });
});
