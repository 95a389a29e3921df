import { describePrintedNumbers, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { ODE, odeFixture } from '../fixtures.test-support.ts';

describe('get_score_info', () => {
  it('says how measures are printed as the score is now, after a deletion renumbers them', async () => {
    const withPickup = `%% part P1 name="Violin" staves=1 clefs=treble
%% measures 3
%% time m1 4/4
%% key m1 C major
%% pickup m1 1/4
P1 s1 v1 m1: C4=1/4
P1 s1 v1 m2: D4=1
P1 s1 v1 m3: E4=1
`;
    const { tools, score } = odeFixture({}, withPickup);
    const printed = async () => {
      const info = await tools.invoke('get_score_info', {});
      if (!info.ok) throw new Error(info.result.content[0]?.text);
      return info.output.printed_numbers;
    };
    const before = await printed();
    expect(await printed()).toBe(before);

    const deleted = await tools.invoke('delete_measures', {
      start_measure: 1,
      end_measure: 1,
      allow_measure_count_change: true,
    });
    expect(deleted.ok).toBe(true);

    const info = scoreInfo(score);
    const after = await printed();
    expect(after).not.toBe(before);
    expect(after).toBe(describePrintedNumbers(info.printedNumbers, 1, info.measureCount));
  });

  it('names a part without a name "(unnamed)", as read_measures does', async () => {
    const { tools } = odeFixture({}, ODE.replace('name="Violin"', 'name=""'));
    const info = await tools.invoke('get_score_info', {});
    if (!info.ok) throw new Error(info.result.content[0]?.text);
    expect((info.output.parts as { name: string }[])[0]?.name).toBe('(unnamed)');
    const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 1 });
    expect(read.ok && String(read.output.lanes_seq)).toContain('% P1 (unnamed):');
  });

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
