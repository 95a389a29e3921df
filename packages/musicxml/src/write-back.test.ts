import { apply, plan, readMeasures, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fixtureBytes, IMPORTED_FIXTURES } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

// Planners refuse three suite files' content as written (a 17-tuplet, a
// nested tuplet, a tab chord with one pitch twice); they cannot be written back.
const NOT_WRITABLE = new Set([
  '23b-Tuplets-Styles.xml',
  '23d-Tuplets-Nested.xml',
  '71e-TabStaves.xml',
]);

describe('writing back a read of a real score', () => {
  it.each(IMPORTED_FIXTURES.filter((name) => !NOT_WRITABLE.has(name)))(
    '%s: every unit is unchanged, and applying changes no byte of the state vector',
    (name) => {
      const imported = importMusicXml(fixtureBytes(name));
      if (!imported.ok) throw new Error(imported.problems[0]?.message);
      const { score } = imported;
      const count = scoreInfo(score).measureCount;
      const before = Y.encodeStateVector(score.doc);
      for (let start = 1; start <= count; start += 32) {
        const end = Math.min(count, start + 31);
        const read = readMeasures(score, { start, end });
        if (!read.ok) throw new Error(read.problems[0]?.message);
        const planned = plan(score, { start, end, text: read.lanes, revision: read.revision });
        if (!planned.ok) throw new Error(planned.problems[0]?.message);
        expect(planned.plan.changes.filter((change) => change.unchanged !== true)).toEqual([]);
        expect(apply(score, planned.plan).ok).toBe(true);
      }
      expect(Y.encodeStateVector(score.doc)).toEqual(before);
    },
  );
});
