/**
 * Long scores for the tests and the bench: the editor's example (the CLI's
 * Ode to Joy) repeated, as MusicXML bytes, the 400-bar file
 * `npm run bench` opens.
 */
import { readFileSync } from 'node:fs';
import { parseScoreFile } from '@scorelane/lanes-seq';
import { exportMusicXml } from '@scorelane/musicxml';
import { createScore, scoreContent, scoreFromLanes, type UnitInit } from '@scorelane/score-model';
import * as Y from 'yjs';

/**
 * The example repeated `repeats` times (16 bars each), as MusicXML bytes.
 *
 * @example
 * ```ts
 * const bytes = repeatedExample(25); // 400 bars, 1.25 MB
 * ```
 */
export function repeatedExample(repeats: number): Uint8Array {
  // The example the page opens with (src/example-score.ts imports the same file).
  const example = readFileSync(
    new URL('../../../packages/cli/examples/ode-to-joy.lanes', import.meta.url),
    'utf8',
  );
  const file = parseScoreFile(example);
  if (!file.ok) throw new Error('the example does not parse');
  const content = scoreContent(scoreFromLanes(file.score.header, file.score.document));
  const length = content.measures.length;
  const units: UnitInit[] = [];
  for (let copy = 0; copy < repeats; copy++) {
    for (const unit of content.units ?? []) {
      units.push({ ...unit, measure: unit.measure + copy * length });
    }
  }
  const score = createScore(new Y.Doc(), {
    ...content,
    title: `Long (${length * repeats} bars)`,
    measures: Array.from({ length: repeats }, () => content.measures).flat(),
    units,
  });
  return new TextEncoder().encode(exportMusicXml(score));
}
