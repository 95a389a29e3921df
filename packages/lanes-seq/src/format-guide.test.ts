import { describe, expect, it } from 'vitest';
import { COMMON_MISTAKES, formatGuide } from './format-guide.ts';
import { parse } from './parse.ts';

describe('formatGuide', () => {
  const guide = formatGuide();
  const exampleLanes = guide.split('\n').filter((line) => /^P\d+ s\d+ v\d+ m\d+:/.test(line));

  it('teaches with lanes that parse', () => {
    expect(exampleLanes.length).toBeGreaterThanOrEqual(3);
    expect(parse(exampleLanes.join('\n')).issues).toEqual([]);
  });

  it('states the replacement rule, unless asked not to', () => {
    expect(guide).toContain('replaced whole');
    expect(formatGuide({ replacementRule: false })).not.toContain('replaced whole');
  });

  it('lists every common mistake with its fix', () => {
    expect(COMMON_MISTAKES.length).toBeGreaterThanOrEqual(8);
    for (const { wrong, right } of COMMON_MISTAKES)
      expect(guide).toContain(`- ${wrong} -> ${right} (`);
  });

  const asLane = (text: string) => (text.startsWith('P') ? `${text} C4=1` : `P1 s1 v1 m1: ${text}`);

  it.each(COMMON_MISTAKES)(
    '"$wrong" is refused by the parser and "$right" is accepted',
    ({ wrong, right }) => {
      expect(parse(asLane(wrong)).ok).toBe(false);
      expect(parse(asLane(right)).issues).toEqual([]);
    },
  );

  it('writes each fix as it should be typed, never with a doubled colon (P1 s1 v1 m2::)', () => {
    expect(guide).toContain('- P1 v1 m2: -> P1 s1 v1 m2: (');
    expect(guide).not.toContain('::');
  });

  it('stays short enough to embed in every tool description', () => {
    expect(guide.length).toBeLessThan(4000);
  });
});
