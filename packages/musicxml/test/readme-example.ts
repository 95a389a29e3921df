import { exportMusicXml, importMusicXml } from '@scorelane/musicxml';
import { apply, plan, readMeasures } from '@scorelane/score-model';

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0">
  <part-list><score-part id="P1"><part-name>Voice</part-name></score-part></part-list>
  <part id="P1">
    <measure number="1">
      <attributes>
        <divisions>1</divisions><key><fifths>0</fifths></key>
        <time><beats>2</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef>
      </attributes>
      <note><pitch><step>C</step><octave>4</octave></pitch><duration>2</duration><type>half</type>
        <lyric><syllabic>begin</syllabic><text>Hel</text></lyric></note>
    </measure>
    <measure number="2">
      <note><pitch><step>D</step><octave>4</octave></pitch><duration>2</duration><type>half</type>
        <lyric><syllabic>end</syllabic><text>lo</text></lyric></note>
    </measure>
  </part>
</score-partwise>`;

// importMusicXml takes text or bytes (.musicxml, .xml, .mxl) and makes a score on a new Y.Doc.
const result = importMusicXml(xml, { origin: 'import' });
if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('\n'));
const { score } = result;

const read = readMeasures(score, { start: 1, end: 2 });
if (read.ok) console.log(read.lanes); // "P1 s1 v1 m1: C4=1/2 | D4\nP1 s1 v1 m1 w1: Hel- | lo\n"

// An agent rewrites bar 2; bar 1 keeps its lyric, and the plan says in words what bar 2 lost.
const planned = plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: E4=1/4 F4=1/4\n' });
if (planned.ok) {
  apply(score, planned.plan);
  console.log(planned.plan.dropped.map((drop) => drop.message)); // [ 'P1 s1 v1 m2: event 1 lost the lyric "lo".' ]
}

const out = exportMusicXml(score);
console.log(out.includes('<text>Hel</text>'), out.includes('<step>F</step>')); // true true
