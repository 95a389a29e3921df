import { formatGuide } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { odeFixture } from '../fixtures.test-support.ts';

describe('read_measures', () => {
  it('reads a range as lanes-seq with its % context and the revision', async () => {
    const { tools, score } = odeFixture();
    const read = await tools.invoke('read_measures', {
      start_measure: 1,
      end_measure: 2,
      parts: [1],
    });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const text = String(read.output.lanes_seq);
    expect(text).toContain('% time 4/4 from m1');
    expect(text).toContain('P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4\n');
    expect(text).not.toContain('P2');
    expect(read.output.revision).toBe(tools.context.revision());
    expect(read.output).toMatchObject({
      start_measure: 1,
      end_measure: 2,
      parts: [1],
      measure_count: 8,
    });
    expect(read.result.structuredContent).toEqual(read.output);
    expect(score.doc).toBeDefined();
  });

  it('refuses a range longer than 64 measures, naming the largest valid range', async () => {
    const long = [
      '%% part P1 name="Flute" staves=1 clefs=treble',
      '%% measures 100',
      '%% time m1 4/4',
      '%% key m1 C major',
    ].join('\n');
    const { tools } = odeFixture({}, `${long}\n`);
    const refused = await tools.invoke('read_measures', { start_measure: 10, end_measure: 80 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('limit_exceeded');
    expect(refused.result.content[0]?.text).toContain('The largest valid range from m10 is 10-73.');
    const fits = await tools.invoke('read_measures', { start_measure: 10, end_measure: 73 });
    expect(fits.ok).toBe(true);
    const nearEnd = await tools.invoke('read_measures', { start_measure: 90, end_measure: 170 });
    expect(nearEnd.ok).toBe(false);
    expect(nearEnd.result.content[0]?.text).toContain(
      'The largest valid range from m90 is 90-100.',
    );
    expect(nearEnd.result.content[0]?.text).toContain('Read start_measure 90, end_measure 100.');
  });

  it('names a valid range when a too-long range starts past the last measure', async () => {
    const { tools } = odeFixture();
    const refused = await tools.invoke('read_measures', { start_measure: 100, end_measure: 200 });
    expect(refused.ok).toBe(false);
    const text = refused.result.content[0]?.text ?? '';
    expect(text).not.toContain('100-100');
    expect(text).toContain('m100 is past the last measure, m8. The largest valid range is 1-8.');
    expect(text).toContain('Read start_measure 1, end_measure 8.');
  });

  it('refuses a range outside the score with the score’s measures', async () => {
    const { tools } = odeFixture();
    const refused = await tools.invoke('read_measures', { start_measure: 7, end_measure: 9 });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain('measures 1-8');
  });

  it('points to the format guide instead of copying it, and shows an example call', () => {
    const { tools } = odeFixture();
    const tool = tools.catalog.get('read_measures')!;
    expect(tool.description).not.toContain(formatGuide().slice(0, 80));
    expect(tool.description).toContain('get_format_guide');
    expect(tool.description).toContain('at most 64');
    expect(tool.description).toContain('Example arguments:\n{"end_measure":8,"start_measure":1}');
  });
});
