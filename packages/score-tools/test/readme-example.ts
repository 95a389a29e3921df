import { parseScoreFile } from '@scorelane/lanes-seq';
import { scoreFromLanes } from '@scorelane/score-model';
import { createScoreTools } from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import * as Y from 'yjs';

// The host: a score on a Y.Doc (here from a .lanes file) and its undo history.
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
const score = scoreFromLanes(file.score.header, file.score.document, { doc });
const undo = createUndoController(doc);

const tools = createScoreTools({ score, undo, role: 'editor' });

// The agent reads, rewrites bar 2 with the revision it read, and undoes it.
const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
if (!read.ok) throw new Error(read.result.content[0]?.text);
console.log(read.output.lanes_seq);
// % Ode: measures 1-2 of 2
// % P1 "Violin": 1 staff, clefs treble
// % time 4/4 from m1
// % key D major from m1
// % revision r1.…
// P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4

const refused = await tools.invoke('rewrite_measures', {
  start_measure: 2,
  parts: [1],
  lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/4\n',
  revision: read.output.revision,
});
console.log(refused.result.content[0]?.text.split('\n').slice(0, 3).join('\n'));
// Nothing was changed.
// rewrite_measures was refused (1 problem); fix each and call again.
// - P1 s1 v1 m2 (line 1, column 1): [measure-fill] P1 s1 v1 m2 lasts 3/4, but m2 lasts 1 (time 4/4): 1/4 is missing. ...

const written = await tools.invoke('rewrite_measures', {
  start_measure: 2,
  parts: [1],
  lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n',
  revision: read.output.revision,
});
if (!written.ok) throw new Error(written.result.content[0]?.text);
console.log(written.output.status, written.output.changed_range, tools.context.selection.get());
// applied { start_measure: 2, end_measure: 2, parts: [ 1 ] } { start_measure: 2, end_measure: 2, parts: [ 1 ] }

const undone = await tools.invoke('undo', {});
console.log(undone.ok && undone.output.summary);
// Undid your step "rewrite_measures from m2, parts 1". m2 is selected. Revision r1.….

// A viewer sees the read tools and export only (this host gives no player and no editor selection).
console.log(tools.manifest('viewer').tools.map((tool) => tool.name));
// ['get_score_info', 'get_format_guide', 'read_measures', 'get_proposal_status', 'get_selection', 'export_score']

// Marks without resending notes: a p and a slur over bar 1, in one call.
const marked = await tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m1: *\\p( * * *)\n' });
if (!marked.ok) throw new Error(marked.result.content[0]?.text);
const bar1 = await tools.invoke('read_measures', { start_measure: 1, end_measure: 1 });
console.log(bar1.ok && String(bar1.output.lanes_seq).split('\n').at(-2));
// P1 s1 v1 m1: F#4=1/4\p( F#4 G4 A4)
