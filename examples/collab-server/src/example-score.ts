/**
 * What a new document starts as: the built-in example score of the
 * `scorelane` command (Ode to Joy for violin and piano).
 */
import { readFileSync } from 'node:fs';
import { exampleScorePath } from '@scorelane/cli';
import { parseScoreFile } from '@scorelane/lanes-seq';
import { scoreFromLanes } from '@scorelane/score-model';
import * as Y from 'yjs';

let cached: Uint8Array | undefined;

/**
 * The example score as one Yjs update, to apply to an empty document. The
 * same bytes every time in a process, so whoever seeds writes the one score.
 *
 * @example
 * ```ts
 * Y.applyUpdate(doc, exampleScoreUpdate());
 * ```
 */
export function exampleScoreUpdate(): Uint8Array {
  if (cached === undefined) {
    const file = parseScoreFile(readFileSync(exampleScorePath(), 'utf8'));
    if (!file.ok) throw new Error('The built-in example score does not parse.');
    const doc = new Y.Doc();
    scoreFromLanes(file.score.header, file.score.document, { doc, origin: 'seed' });
    cached = Y.encodeStateAsUpdate(doc);
    doc.destroy();
  }
  return cached;
}
