/**
 * `npm run bench -w @scorelane/score-tools` (after the speed rows): what a
 * read costs a model, in o200k tokens (GPT-4o's encoding).
 *
 * Every file is imported, then read whole in reads of eight measures, as an
 * agent reads: notes only (`marks: false`) and with marks. A row prints the
 * lanes' tokens per event (grace notes count as events) and how many times
 * fewer tokens they take than the MusicXML of the same measures (the
 * `<measure>` elements of every part of the file as Scorelane exports it).
 *
 * The rows: the MusicXML test suite in the musicxml package's fixtures, our
 * own chorale-style case (`test/fixtures/cases/chorale-phrase.musicxml`),
 * and, when `SCORELANE_CORPUS` names a directory, every `.musicxml`, `.xml`
 * and `.mxl` file in it (real scores stay outside the repository).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportMusicXml, importMusicXml } from '@scorelane/musicxml';
import { readMeasures, type Score } from '@scorelane/score-model';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

const READ_SIZE = 8;
const FIXTURES = new URL('../../musicxml/test/fixtures/', import.meta.url);

/** What the reads of a set of files cost. */
interface Tally {
  files: number;
  events: number;
  notesOnly: number;
  withMarks: number;
  musicXml: number;
}

const emptyTally = (): Tally => ({ files: 0, events: 0, notesOnly: 0, withMarks: 0, musicXml: 0 });

/** The `<measure>` elements of each part of an exported file, by measure index. */
function measureTokens(xml: string): number[] {
  const perMeasure: number[] = [];
  for (const part of xml.split(/<part\s+id=/).slice(1)) {
    let index = 0;
    for (const match of part.matchAll(/<measure\b[\s\S]*?<\/measure>/g)) {
      perMeasure[index] = (perMeasure[index] ?? 0) + countTokens(match[0]);
      index++;
    }
  }
  return perMeasure;
}

/** Reads `score` whole, eight measures at a time, into the tally. */
function readWhole(score: Score, tally: Tally): void {
  const measureXml = measureTokens(exportMusicXml(score));
  for (let start = 1; start <= measureXml.length; start += READ_SIZE) {
    const end = Math.min(measureXml.length, start + READ_SIZE - 1);
    const notes = readMeasures(score, { start, end, marks: false });
    const marked = readMeasures(score, { start, end });
    if (!notes.ok || !marked.ok) return;
    for (const lane of notes.document.lanes) tally.events += lane.events.length;
    tally.notesOnly += countTokens(notes.lanes);
    tally.withMarks += countTokens(marked.lanes);
    for (let measure = start; measure <= end; measure++) tally.musicXml += measureXml[measure - 1]!;
  }
  tally.files++;
}

function tallyFiles(paths: readonly string[]): Tally {
  const tally = emptyTally();
  for (const path of paths) {
    const imported = importMusicXml(new Uint8Array(readFileSync(path)));
    if (imported.ok) readWhole(imported.score, tally);
  }
  return tally;
}

function scoreFiles(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => /\.(musicxml|xml|mxl)$/.test(name))
    .sort()
    .map((name) => join(directory, name));
}

function printRow(name: string, tally: Tally): void {
  const perEvent = (tokens: number) => (tokens / tally.events).toFixed(2).padStart(6);
  const fewer = (tokens: number) => `${(tally.musicXml / tokens).toFixed(1)}x`.padStart(7);
  console.log(
    `${name.padEnd(30)} ${String(tally.files).padStart(5)} ${String(tally.events).padStart(7)}   ${perEvent(tally.notesOnly)} ${fewer(tally.notesOnly)}   ${perEvent(tally.withMarks)} ${fewer(tally.withMarks)}`,
  );
}

console.log(
  `\no200k tokens of reads of ${READ_SIZE} measures (lanes only), per event and times fewer than the MusicXML of the same measures`,
);
console.log('files                          files  events   notes-only        with marks');
printRow(
  'MusicXML test suite',
  tallyFiles(scoreFiles(new URL('musicxml-testsuite/', FIXTURES).pathname)),
);
printRow(
  'our chorale phrase',
  tallyFiles([new URL('cases/chorale-phrase.musicxml', FIXTURES).pathname]),
);
const corpus = process.env.SCORELANE_CORPUS;
if (corpus) printRow('SCORELANE_CORPUS', tallyFiles(scoreFiles(corpus)));
else console.log('(set SCORELANE_CORPUS to a directory of MusicXML files to add a row for them)');
