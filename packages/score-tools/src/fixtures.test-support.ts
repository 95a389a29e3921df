/**
 * Real in-memory scores for the tests: a Y.Doc with the Ode for violin and
 * piano, the host's undo controller over it, the person's origin, and a
 * synced second Y.Doc for a collaborator.
 */
import { parseScoreFile } from '@scorelane/lanes-seq';
import { apply, openScore, plan, type Score, scoreFromLanes } from '@scorelane/score-model';
import { createUndoController, type UndoController } from '@scorelane/undo';
import * as Y from 'yjs';
import { createScoreTools, type ScoreTools, type ScoreToolsOptions } from './create-score-tools.ts';

export const ODE = `%% title: Ode
%% part P1 name="Violin" staves=1 clefs=treble
%% part P2 name="Piano" staves=2 clefs=treble,bass
%% measures 8
%% time m1 4/4
%% key m1 D major
P1 s1 v1 m1: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4
P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4 E4=1/4
P1 s1 v1 m3: D4=1/4 D4=1/4 E4=1/4 F#4=1/4
P1 s1 v1 m4: F#4=3/8 E4=1/8 E4=1/2
P1 s1 v1 m5: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4
P1 s1 v1 m6: A4=1/4 G4=1/4 F#4=1/4 E4=1/4
P1 s1 v1 m7: D4=1/4 D4=1/4 E4=1/4 F#4=1/4
P1 s1 v1 m8: E4=3/8 D4=1/8 D4=1/2
P2 s1 v1 m1: (D4 F#4 A4)=1
P2 s1 v2 m1: x=1/2 D4=1/2
P2 s2 v1 m1: D3=1/2 A2=1/2
`;

/** The person's edits come through the editor binding with this origin. */
export const PERSON = { name: 'editor-binding' };

export interface Fixture {
  readonly doc: Y.Doc;
  readonly score: Score;
  readonly undo: UndoController<unknown>;
  readonly tools: ScoreTools;
}

/** A fresh score, undo controller and catalog; `options` go to `createScoreTools`. */
export function odeFixture(options: Partial<ScoreToolsOptions> = {}, text = ODE): Fixture {
  const file = parseScoreFile(text);
  if (!file.ok) throw new Error('fixture does not parse');
  const doc = new Y.Doc();
  const score = scoreFromLanes(file.score.header, file.score.document, { doc, origin: 'import' });
  const undo = createUndoController(doc, { trackedOrigins: [PERSON], captureTimeout: 0 });
  const tools = createScoreTools({ score, undo, ...options });
  return { doc, score, undo, tools };
}

/** A person's edit through the editor: a gesture, then a rewrite with the editor's origin. */
export function personRewrites(fixture: Fixture, start: number, text: string): void {
  fixture.undo.beginUndoGesture({ actor: 'user', label: `typing in m${start}` });
  const person = openScore(fixture.doc, { origin: PERSON });
  const planned = plan(person, { start, text });
  if (!planned.ok) throw new Error(JSON.stringify(planned.problems));
  const applied = apply(person, planned.plan);
  if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
}

/** A second Y.Doc synced both ways with `doc`, as a provider would; remote updates carry the origin 'remote'. */
export function collaboratorOf(doc: Y.Doc): Y.Doc {
  const peer = new Y.Doc();
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc), 'remote');
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(peer, update, 'remote');
  });
  peer.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(doc, update, 'remote');
  });
  return peer;
}

/** The collaborator rewrites on their own doc. */
export function collaboratorRewrites(peer: Y.Doc, start: number, text: string): void {
  const score = openScore(peer, { origin: 'collaborator' });
  const planned = plan(score, { start, text });
  if (!planned.ok) throw new Error(JSON.stringify(planned.problems));
  const applied = apply(score, planned.plan);
  if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
}

/** The Y.Doc's state vector, to show a refused call wrote nothing. */
export function stateVector(doc: Y.Doc): string {
  return Buffer.from(Y.encodeStateVector(doc)).toString('hex');
}

/** The lanes of a range, through the tools, without the % lines. */
export async function lanesOf(tools: ScoreTools, start: number, end: number, parts?: number[]) {
  const read = await tools.invoke('read_measures', {
    start_measure: start,
    end_measure: end,
    ...(parts ? { parts } : {}),
  });
  if (!read.ok) throw new Error(read.result.content[0]?.text);
  return String(read.output.lanes_seq)
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('%'))
    .join('\n');
}
