/**
 * The three-way merge behind Apply anyway: the person's lanes, someone
 * else's lanes, and a conflict only where both changed the same lane.
 */
import { describe, expect, it } from 'vitest';
import { mergeLanes } from './lanes-merge.ts';

const header = (revision: string) => `% measures 2-3 of 16\n% revision ${revision}\n`;
const BASE = `${header('r1.a')}P1 s1 v1 m2: C4=1\nP1 s1 v1 m3: D4=1\nP2 s1 v1 m2: E3=1\n`;

describe('mergeLanes', () => {
  it('keeps the person’s lane, takes the other’s lane and the new header', () => {
    const mine = BASE.replace('m2: C4=1', 'm2: G4=1');
    const theirs = `${header('r1.b')}P1 s1 v1 m2: C4=1\nP1 s1 v1 m3: F4=1\nP2 s1 v1 m2: E3=1\n`;
    expect(mergeLanes(BASE, mine, theirs)).toEqual({
      ok: true,
      text: `${header('r1.b')}P1 s1 v1 m2: G4=1 | F4\nP2 s1 v1 m2: E3=1\n`,
    });
  });

  it('refuses a lane both changed differently, naming it', () => {
    const mine = BASE.replace('m3: D4=1', 'm3: A4=1');
    const theirs = BASE.replace('m3: D4=1', 'm3: B4=1');
    expect(mergeLanes(BASE, mine, theirs)).toEqual({ ok: false, conflicts: ['P1 s1 v1 m3'] });
  });

  it('accepts the same change made on both sides', () => {
    const same = BASE.replace('m3: D4=1', 'm3: B4=1');
    expect(mergeLanes(BASE, same, same)).toEqual({
      ok: true,
      text: `${header('r1.a')}P1 s1 v1 m2: C4=1 | B4\nP2 s1 v1 m2: E3=1\n`,
    });
  });

  it('keeps a lane only the person added', () => {
    const mine = `${BASE}P1 s1 v2 m2: r=1\n`;
    const merged = mergeLanes(BASE, mine, BASE);
    expect(merged.ok && merged.text.includes('\nP1 s1 v2 m2: r=1\n')).toBe(true);
  });

  it('merges lane by lane inside lines that hold several measures (bar lines)', () => {
    const base = `${header('r1.a')}P1 s1 v1 m2: C4=1 | D4\n`;
    const mine = `${header('r1.a')}P1 s1 v1 m2: G4=1 | D4=1\n`;
    const theirs = `${header('r1.b')}P1 s1 v1 m2: C4=1\nP1 s1 v1 m3: F4=1\n`;
    expect(mergeLanes(base, mine, theirs)).toEqual({
      ok: true,
      text: `${header('r1.b')}P1 s1 v1 m2: G4=1 | F4\n`,
    });
  });

  it('gives back the person’s text as it is when it does not parse, to be refused with its problems', () => {
    const mine = `${BASE}P1 s1 v1 m4: c4=1\n`;
    expect(mergeLanes(BASE, mine, BASE)).toEqual({ ok: true, text: mine });
  });
});
