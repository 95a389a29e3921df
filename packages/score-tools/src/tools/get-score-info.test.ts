import { describe, expect, it } from 'vitest';
import { odeFixture } from '../fixtures.test-support.ts';

describe('get_score_info', () => {
  it('describes title, parts with staves, clefs, voices and instrument, changes, revision and synopsis', async () => {
    const { tools } = odeFixture();
    const info = await tools.invoke('get_score_info', {});
    expect(info.ok).toBe(true);
    if (!info.ok) return;
    expect(info.output).toMatchObject({
      title: 'Ode',
      parts: [
        {
          part: 1,
          name: 'Violin',
          staves: 1,
          clefs: ['treble'],
          voices: [1],
          instrument: 'violin (usually G3-A7)',
        },
        { part: 2, name: 'Piano', staves: 2, clefs: ['treble', 'bass'], voices: [1, 2] },
      ],
      measure_count: 8,
      time_changes: [{ measure: 1, time: '4/4' }],
      key_changes: [{ measure: 1, key: 'D major' }],
      pickups: [],
      revision: tools.context.revision(),
    });
    expect(String(info.output.synopsis)).toContain('m1-4:');
    expect(String(info.output.synopsis)).toContain('P1 D4-A4');
  });
});
