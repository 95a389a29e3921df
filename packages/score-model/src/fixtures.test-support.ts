/**
 * Scores for tests, built from `.lanes` text on real Y.Docs.
 */
import { parse, parseScoreFile, serialize } from '@scorelane/lanes-seq';
import * as Y from 'yjs';
import { readMeasures } from './read-measures.ts';
import { createScore, type Score } from './score.ts';
import { scoreFromLanes } from './score-lanes.ts';
import type { VoiceContent } from './score-types.ts';

/** A score from `.lanes` text; throws when the text does not parse. */
export function scoreOf(text: string, doc: Y.Doc = new Y.Doc(), origin: unknown = 'test'): Score {
  const file = parseScoreFile(text);
  if (!file.ok) throw new Error(file.issues.map((issue) => issue.message).join('\n'));
  return scoreFromLanes(file.score.header, file.score.document, { doc, origin });
}

/** Two parts (violin; piano on two staves), four measures of 4/4 in G major. */
export const SMALL = `%% title: Small
%% part P1 name="Violin" staves=1 clefs=treble
%% part P2 name="Piano" staves=2 clefs=treble,bass
%% measures 4
%% time m1 4/4
%% key m1 G major
P1 s1 v1 m1: G4=1/4 A4=1/4 B4=1/4 C5=1/4
P1 s1 v1 m2: D5=1/2 B4=1/2~
P1 s1 v1 m3: B4=1/4 A4=1/4 G4=1/2
P1 s1 v1 m4: G4=1
P2 s1 v1 m1: (B3 D4)=1
P2 s1 v1 m2: (D4 F#4)=1
P2 s1 v2 m2: A3=1/2 A3=1/2
P2 s1 v1 m3: (C4 E4)=1
P2 s1 v1 m4: (B3 D4)=1
P2 s2 v1 m1: G2=1
P2 s2 v1 m2: D3=1
P2 s2 v1 m3: C3=1
P2 s2 v1 m4: G2=1
`;

/** One measure of 4/4 in C major, for a violin whose one unit holds `voices`. */
export function oneMeasureScore(voices: readonly VoiceContent[]): Score {
  return createScore(new Y.Doc(), {
    parts: [{ name: 'Violin', staves: 1, clefs: ['treble'] }],
    measures: [
      {
        time: { beats: 4, beatType: 4 },
        key: { tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 },
      },
    ],
    units: [{ part: 1, staff: 1, measure: 1, content: { voices } }],
  });
}

/** The doc's state vector, to compare before and after. */
export function stateVector(score: Score): Uint8Array {
  return Y.encodeStateVector(score.doc);
}

/** Syncs peers both ways until they hold the same state. */
export function syncAll(...docs: Y.Doc[]): void {
  for (const from of docs) {
    for (const to of docs) {
      if (from !== to) Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
    }
  }
}

/** Each lane of measures `start`-`end` as read, one lane a line, however reads group lanes on lines. */
export function laneLines(score: Score, start: number, end: number): string[] {
  const read = readMeasures(score, { start, end });
  if (!read.ok) throw new Error('read failed');
  const parsed = parse(read.lanes);
  if (!parsed.ok) throw new Error(parsed.issues[0]?.message);
  return parsed.document.lanes.map((lane) => serialize({ lanes: [lane] }).trimEnd());
}
