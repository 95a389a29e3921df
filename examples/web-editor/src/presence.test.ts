/**
 * Presence states: what a page shares, and how it reads other clients'
 * (untrusted) awareness states.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  chosenName,
  guestName,
  initialPresence,
  PRESENCE_PALETTE,
  peersAt,
  peersOf,
  presenceColor,
  presenceOf,
} from './presence.ts';

describe('presence', () => {
  it('starts as a generated guest name, a #rrggbb colour and no selection', () => {
    const presence = initialPresence(1234567);
    expect(presence).toEqual({
      user: { name: 'Guest 67', color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
      selection: null,
    });
    expect(presenceOf(presence)).toEqual(presence);
  });

  test.prop([fc.nat()])('every initial presence reads back as itself', (clientId) => {
    expect(presenceOf(initialPresence(clientId))).toEqual(initialPresence(clientId));
    expect(guestName(clientId)).toMatch(/^Guest \d{1,2}$/);
  });

  it('takes the typed name, trimmed and cut to 60 characters, or the guest name for nothing typed', () => {
    expect(chosenName('  Ada  ', 7)).toBe('Ada');
    expect(chosenName('   ', 7)).toBe('Guest 7');
    expect(chosenName('x'.repeat(80), 7)).toBe('x'.repeat(60));
    expect(
      presenceOf({ user: { name: chosenName('y'.repeat(80), 7), color: '#2e7d32' } }),
    ).not.toBeNull();
  });

  it('leaves out states that are not a presence', () => {
    const user = { name: 'Ada', color: '#2e7d32' };
    for (const state of [
      null,
      'Ada',
      {},
      { user: { name: '', color: '#2e7d32' } },
      { user: { name: 'x'.repeat(61), color: '#2e7d32' } },
      { user: { name: 'Ada', color: 'url(javascript:alert(1))' } },
      { user, selection: { start_measure: 0, end_measure: 2 } },
      { user, selection: { start_measure: 3, end_measure: 2 } },
      { user, selection: { start_measure: 1.5, end_measure: 2 } },
      { user, selection: 'all' },
    ]) {
      expect(presenceOf(state)).toBeNull();
    }
    expect(
      presenceOf({ user, selection: { start_measure: 2, end_measure: 4, parts: [1] } }),
    ).toEqual({
      user,
      selection: { start_measure: 2, end_measure: 4 },
    });
  });

  it('lists the other clients by id, without this one or malformed states, and finds who selected a measure', () => {
    const ada = {
      user: { name: 'Ada', color: '#2e7d32' },
      selection: { start_measure: 2, end_measure: 3 },
    };
    const bo = { user: { name: 'Bo', color: '#6a1b9a' }, selection: null };
    const states = new Map<number, unknown>([
      [9, bo],
      [1, initialPresence(1)],
      [5, ada],
      [7, { cursor: 3 }],
    ]);
    const peers = peersOf(states, 1);
    expect(peers).toEqual([
      { clientId: 5, ...ada },
      { clientId: 9, ...bo },
    ]);
    expect(peersAt(peers, 2).map((peer) => peer.user.name)).toEqual(['Ada']);
    expect(peersAt(peers, 4)).toEqual([]);
  });
});

describe('presence colours', () => {
  it('has twelve distinct colours, and twelve people arriving in turn each get their own', () => {
    expect(new Set(PRESENCE_PALETTE).size).toBe(12);
    const arrived: { clientId: number; user: { name: string; color: string } }[] = [];
    // Client ids that collide under any modulus of the palette's length.
    for (const clientId of [24, 36, 48, 60, 72, 84, 96, 108, 120, 132, 144, 156]) {
      const color = presenceColor(clientId, null, arrived);
      arrived.push({ clientId, user: { name: `Guest ${clientId}`, color } });
    }
    expect(new Set(arrived.map((peer) => peer.user.color)).size).toBe(12);
  });

  it('when two arrive at once with one colour, the later client id moves and the first keeps it', () => {
    const first = { clientId: 5, user: { name: 'A', color: PRESENCE_PALETTE[0]! } };
    const second = { clientId: 9, user: { name: 'B', color: PRESENCE_PALETTE[0]! } };
    expect(presenceColor(5, first.user.color, [second])).toBe(PRESENCE_PALETTE[0]);
    expect(presenceColor(9, second.user.color, [first])).toBe(PRESENCE_PALETTE[1]);
  });
});
