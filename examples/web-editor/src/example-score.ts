/**
 * The built-in example, Ode to Joy in lanes-seq (the CLI's example file),
 * seeded into an empty Y.Doc for standalone mode.
 */
import { parseScoreFile } from '@scorelane/lanes-seq';
import { type Score, scoreFromLanes } from '@scorelane/score-model';
import * as Y from 'yjs';
import odeToJoy from '../../../packages/cli/examples/ode-to-joy.lanes?raw';

/** The example's lanes-seq text, as the CLI ships it. */
export const EXAMPLE_LANES: string = odeToJoy;

/**
 * Writes the example score into `doc` (which should be empty) in one
 * transaction whose origin no undo controller tracks, so the seed is not an
 * undo step.
 */
export function seedExampleScore(doc: Y.Doc, text: string = EXAMPLE_LANES): void {
  const file = parseScoreFile(text);
  if (!file.ok) {
    const first = file.issues[0];
    throw new Error(`The example score does not parse: ${first?.message ?? 'unknown problem'}`);
  }
  const seeded: Score = scoreFromLanes(file.score.header, file.score.document);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seeded.doc), 'example-seed');
}
