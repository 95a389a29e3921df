import { parseScoreFile } from '@scorelane/lanes-seq';
import { importMusicXml } from '@scorelane/musicxml';
import { type ScoreInit, scoreContent, scoreFromLanes } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seedExampleScore } from './example-score.ts';
import { measureAtTime, playbackSchedule, quarterAtTime } from './playback-schedule.ts';
import { DEFAULT_TEMPO, scoreTempo } from './score-tempo.ts';

function contentOf(lanes: string): ScoreInit {
  const file = parseScoreFile(lanes);
  if (!file.ok) throw new Error(file.issues[0]?.message);
  return scoreContent(scoreFromLanes(file.score.header, file.score.document));
}

/** Two parts in 4/4; the violin ties D5 over the bar line, and A4 from m2 into m3. */
const TIED = contentOf(`%% title: Tied
%% part P1 name="Violin" staves=1 clefs=treble
%% part P2 name="Cello" staves=1 clefs=bass
%% measures 3
%% time m1 4/4
%% key m1 C major
P1 s1 v1 m1: C5=1/2 D5=1/2~
P1 s1 v1 m2: D5=1/4 E5=1/4 A4=1/2~
P1 s1 v1 m3: A4=1/2 r=1/2
P2 s1 v1 m1: C3=1
P2 s1 v1 m2: G2=1
P2 s1 v1 m3: C3=1
`);

describe('the playback schedule', () => {
  it('places every note of every part at its onset in seconds (120 quarters a minute: 2 s a 4/4 bar)', () => {
    const schedule = playbackSchedule(
      TIED,
      { start_measure: 1, end_measure: 3, parts: [1, 2] },
      120,
    );
    expect(schedule.notes).toEqual([
      { midi: 48, part: 2, time: 0, duration: 2 },
      { midi: 72, part: 1, time: 0, duration: 1 },
      { midi: 74, part: 1, time: 1, duration: 1.5 },
      { midi: 43, part: 2, time: 2, duration: 2 },
      { midi: 76, part: 1, time: 2.5, duration: 0.5 },
      { midi: 69, part: 1, time: 3, duration: 2 },
      { midi: 48, part: 2, time: 4, duration: 2 },
    ]);
    expect(schedule.measures).toEqual([
      { measure: 1, time: 0, quarter: 0 },
      { measure: 2, time: 2, quarter: 4 },
      { measure: 3, time: 4, quarter: 8 },
    ]);
    expect(schedule.duration).toBe(6);
  });

  it('plays a repeat again, and the play head goes back with it', () => {
    const repeated: ScoreInit = {
      ...TIED,
      measures: TIED.measures.map((info, index) =>
        index === 1 ? { ...info, barlines: { end: 'repeat' as const } } : info,
      ),
    };
    const schedule = playbackSchedule(
      repeated,
      { start_measure: 1, end_measure: 3, parts: [2] },
      120,
    );
    expect(schedule.measures.map((entry) => entry.measure)).toEqual([1, 2, 1, 2, 3]);
    expect(schedule.notes.map((note) => [note.midi, note.time])).toEqual([
      [48, 0],
      [43, 2],
      [48, 4],
      [43, 6],
      [48, 8],
    ]);
    expect(schedule.duration).toBe(10);
    // 5 s in: 1 s (two quarters at 120) into the second pass through m1, written at quarter 0.
    expect(measureAtTime(schedule, 5)).toBe(1);
    expect(quarterAtTime(schedule, 5)).toBe(2);
    expect(quarterAtTime(schedule, 8.5)).toBe(9);
  });

  it('plays as written a range that holds only an ending no pass inside it reaches', () => {
    const ending: ScoreInit = {
      ...TIED,
      measures: TIED.measures.map((info, index) =>
        index === 2
          ? { ...info, barlines: { volta: { numbers: [2], end: 'open' as const } } }
          : info,
      ),
    };
    const schedule = playbackSchedule(
      ending,
      { start_measure: 3, end_measure: 3, parts: [2] },
      120,
    );
    expect(schedule.measures.map((entry) => entry.measure)).toEqual([3]);
  });

  it('sounds a tied note once, cut to the range: from the range’s start, and up to its end', () => {
    const schedule = playbackSchedule(TIED, { start_measure: 2, end_measure: 2, parts: [1] }, 60);
    // At 60 a quarter lasts 1 s: D5 tied in from m1 sounds its last quarter, A4 stops at the bar line.
    expect(schedule.notes).toEqual([
      { midi: 74, part: 1, time: 0, duration: 1 },
      { midi: 76, part: 1, time: 1, duration: 1 },
      { midi: 69, part: 1, time: 2, duration: 2 },
    ]);
    expect(schedule.duration).toBe(4);
  });

  it('plays only the parts asked for', () => {
    const schedule = playbackSchedule(TIED, { start_measure: 1, end_measure: 3, parts: [2] }, 120);
    expect(schedule.notes.map((note) => note.midi)).toEqual([48, 43, 48]);
  });

  it('finds the measure sounding at a moment, and none before the start or from the end on', () => {
    const schedule = playbackSchedule(
      TIED,
      { start_measure: 2, end_measure: 3, parts: [1, 2] },
      120,
    );
    expect(measureAtTime(schedule, -0.1)).toBeNull();
    expect(measureAtTime(schedule, 0)).toBe(2);
    expect(measureAtTime(schedule, 1.99)).toBe(2);
    expect(measureAtTime(schedule, 2)).toBe(3);
    expect(measureAtTime(schedule, 4)).toBeNull();
  });

  it('tells where in the score, in quarter notes from its start, a moment of playback is', () => {
    const schedule = playbackSchedule(TIED, { start_measure: 2, end_measure: 3, parts: [1] }, 90);
    expect(schedule.startQuarter).toBe(4);
    expect(quarterAtTime(schedule, 0)).toBe(4);
    // At 90 a quarter lasts 2/3 s: 2 s is three quarters on.
    expect(quarterAtTime(schedule, 2)).toBe(7);
  });

  it('schedules the whole example, both parts and all sixteen bars, in 32 s at the default tempo', () => {
    const doc = new Y.Doc();
    seedExampleScore(doc);
    const content = scoreContent({ doc, origin: null });
    const tempo = scoreTempo(content);
    expect(tempo).toBe(DEFAULT_TEMPO);
    const schedule = playbackSchedule(
      content,
      { start_measure: 1, end_measure: 16, parts: [1, 2] },
      tempo,
    );
    expect(schedule.duration).toBe(32);
    expect(schedule.measures).toHaveLength(16);
    expect(new Set(schedule.notes.map((note) => note.part))).toEqual(new Set([1, 2]));
    // The violin's first bar: F#5 F#5 G5 A5, a quarter (0.5 s) each.
    const violin = schedule.notes.filter((note) => note.part === 1).slice(0, 4);
    expect(violin.map((note) => [note.midi, note.time, note.duration])).toEqual([
      [78, 0, 0.5],
      [78, 0.5, 0.5],
      [79, 1, 0.5],
      [81, 1.5, 0.5],
    ]);
  });

  it('refuses a range outside the score and a tempo that is not positive', () => {
    expect(() =>
      playbackSchedule(TIED, { start_measure: 2, end_measure: 4, parts: [1] }, 120),
    ).toThrow(/not in a score of 3 measures/);
    expect(() =>
      playbackSchedule(TIED, { start_measure: 1, end_measure: 1, parts: [1] }, 0),
    ).toThrow(/positive/);
  });
});

describe('the score’s tempo', () => {
  it('reads a <sound tempo> that MusicXML import kept in measure 1', () => {
    const imported = importMusicXml(WITH_TEMPO);
    if (!imported.ok) throw new Error('the MusicXML does not import');
    expect(scoreTempo(scoreContent(imported.score))).toBe(90);
  });
});

const WITH_TEMPO = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0">
  <part-list><score-part id="P1"><part-name>Flute</part-name></score-part></part-list>
  <part id="P1">
    <measure number="1">
      <attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>
      <direction placement="above"><direction-type><words>Andante</words></direction-type><sound tempo="90"/></direction>
      <note><pitch><step>C</step><octave>5</octave></pitch><duration>4</duration><type>whole</type></note>
    </measure>
  </part>
</score-partwise>
`;
