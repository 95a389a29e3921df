import { openScore, readMeasures } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import {
  collaboratorOf,
  collaboratorRewrites,
  lanesOf,
  odeFixture,
} from './fixtures.test-support.ts';
import type { PlayRequest, ScorePlayer } from './player.ts';

describe('the reference behaviour', () => {
  it('an agent reads bars 1-8, rewrites bar 2 of the melody, hears it and undoes it in one step while a person edits bar 6 (player: a test double)', async () => {
    const played: PlayRequest[] = [];
    const player: ScorePlayer = {
      play: (request) => {
        played.push(request);
        return { ok: true };
      },
      stop: () => ({ ok: true }),
    };
    const { tools, doc } = odeFixture({ player });
    const person = collaboratorOf(doc);

    const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 8 });
    expect(read.ok).toBe(true);
    const revision = read.ok ? String(read.output.revision) : '';

    collaboratorRewrites(person, 6, 'P1 s1 v1 m6: A4=1/2 B4=1/2\n');

    const written = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n',
      revision,
    });
    expect(written.ok).toBe(true);

    const heard = await tools.invoke('play', {});
    expect(heard.ok).toBe(true);
    expect(played).toEqual([{ start_measure: 2, end_measure: 2, parts: [1] }]);

    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    expect(await lanesOf(tools, 2, 2, [1])).toBe('P1 s1 v1 m2: A4=1/4 G4 F#4 E4');
    expect(await lanesOf(tools, 6, 6, [1])).toBe('P1 s1 v1 m6: A4=1/2 B4');

    const theirs = readMeasures(openScore(person), { start: 1, end: 8 });
    const ours = readMeasures(openScore(doc), { start: 1, end: 8 });
    expect(theirs.ok && ours.ok && theirs.lanes === ours.lanes).toBe(true);
  });
});
