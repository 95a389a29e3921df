import { parseScoreFile } from '@scorelane/lanes-seq';
import {
  apply,
  formatProblems,
  plan,
  planWriteMarks,
  readMeasures,
  scoreFromLanes,
  validate,
} from '@scorelane/score-model';
import * as Y from 'yjs';

const file = parseScoreFile(`%% title: Ode
%% part P1 name="Violin" staves=1 clefs=treble
%% measures 2
%% time m1 4/4
%% key m1 D major
P1 s1 v1 m1: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4
P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4 E4=1/4
`);
if (!file.ok) throw new Error('not a score file');
const doc = new Y.Doc();
const score = scoreFromLanes(file.score.header, file.score.document, { doc, origin: 'agent' });

const read = readMeasures(score, { start: 1, end: 2 });
if (!read.ok) throw new Error(formatProblems(read.problems));
console.log(read.lanes);
// P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4

// A voice that does not fill its measure is refused, with where and how to fix it.
const short = plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/4\n' });
if (!short.ok) console.log(formatProblems(short.problems));
// Nothing was changed. 1 problem:
// - P1 s1 v1 m2 (line 1, column 1): P1 s1 v1 m2 lasts 3/4, but m2 lasts 1 (time 4/4): 1/4 is missing. Fix: Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.

// Writing back what was read with m2 changed: m1 is left alone, so no one's
// revision of it goes stale.
const planned = plan(score, {
  start: 1,
  parts: [1],
  text: read.lanes.replace(' E4\n', ' E4=1/8 D4\n'),
  revision: read.revision,
});
if (planned.ok) {
  for (const change of planned.plan.changes) console.log(change.unit, change.unchanged === true);
  // P1 s1 m1 true
  // P1 s1 m2 false
  apply(score, planned.plan);
}

// Marks without resending notes: a p and a slur over m1, and a verse of lyrics.
const marked = planWriteMarks(score, {
  text: 'P1 s1 v1 m1: *\\p( * * *)\nP1 s1 v1 m1 w1: Freu- de schö- ner\n',
});
if (marked.ok) apply(score, marked.plan);
const withMarks = readMeasures(score, { start: 1, end: 1 });
if (withMarks.ok) console.log(withMarks.lanes);
// P1 s1 v1 m1: F#4=1/4\p( F#4 G4 A4)
// P1 s1 v1 m1 w1: Freu- de schö- ner
const notesOnly = readMeasures(score, { start: 1, end: 1, marks: false });
if (notesOnly.ok) console.log(notesOnly.lanes);
// P1 s1 v1 m1: F#4=1/4 F#4 G4 A4

const checked = validate(score);
console.log(
  checked.ok
    ? `valid, ${checked.measures} measures`
    : formatProblems(checked.problems, { check: true }),
);
// valid, 2 measures
