import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';

// Past about 120,000 items, `push(...items)` throws a RangeError; the writer
// appended the elements kept at a measure's end that way.
const DIRECTIONS = 130_000;

describe('a measure with 130,000 directions after its last note', () => {
  it('imports and exports every one of them', () => {
    const dynamic =
      '<direction><direction-type><dynamics><p/></dynamics></direction-type></direction>';
    const xml = `<?xml version="1.0"?>
<score-partwise version="4.0">
  <part-list><score-part id="P1"><part-name>Violin</part-name></score-part></part-list>
  <part id="P1">
    <measure number="1">
      <attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>
      <note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note>
      ${dynamic.repeat(DIRECTIONS)}
    </measure>
  </part>
</score-partwise>
`;
    const imported = importMusicXml(xml);
    if (!imported.ok) throw new Error(imported.problems[0]?.message);
    const exported = exportMusicXml(imported.score);
    expect(exported.split('<dynamics>').length - 1).toBe(DIRECTIONS);
  });
});
