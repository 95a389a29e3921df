import { describe, expect, it } from 'vitest';
import { changeWords } from './person-words.ts';

describe('changeWords for the part tools', () => {
  const names = ['Violin', 'Piano', 'Cello'];
  const whole = (part: number) => ({ start_measure: 1, end_measure: 8, parts: [part] });

  it('names the part added, changed or moved, never a tool', () => {
    expect(changeWords('add_part', whole(3), names)).toBe('added the part Cello');
    expect(changeWords('set_part', whole(1), names)).toBe('changed the part Violin');
    expect(changeWords('move_part', whole(2), names)).toBe('moved the part Piano');
  });

  it('does not name a removed part, whose number now belongs to another', () => {
    expect(changeWords('remove_part', whole(2), names)).toBe('removed a part');
  });

  it('says "a part" when the names are not known', () => {
    expect(changeWords('add_part', whole(3))).toBe('added a part');
  });
});
