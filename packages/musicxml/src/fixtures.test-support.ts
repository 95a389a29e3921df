/**
 * The MusicXML test suite in `test/fixtures/musicxml-testsuite` (MIT, see its
 * LICENSE and README there), and a
 * way to read a whole score with its attachments for comparisons.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Score } from '@scorelane/score-model';
import type { MusicXmlProblemCode } from './problem.ts';
import { readScore } from './score-snapshot.ts';

/** The folder of the 150 test-suite files. */
export const FIXTURES = new URL('../test/fixtures/musicxml-testsuite/', import.meta.url);

/** Every MusicXML file of the suite, by name. */
export const FIXTURE_NAMES: readonly string[] = readdirSync(FIXTURES)
  .filter((name) => /\.(xml|musicxml|mxl)$/.test(name))
  .sort();

/**
 * The files refused on purpose, with the code they are refused with (the
 * package README says why).
 */
export const REFUSED_FIXTURES: Readonly<Record<string, MusicXmlProblemCode>> = {
  '01d-Pitches-Microtones.xml': 'unsupported-pitch',
  '01f-Pitches-ParenthesizedMicrotoneAccidentals.xml': 'unsupported-pitch',
  '32ad-Notations5.musicxml': 'not-xml',
};

/** The files that import. */
export const IMPORTED_FIXTURES: readonly string[] = FIXTURE_NAMES.filter(
  (name) => !(name in REFUSED_FIXTURES),
);

/**
 * Small files of this package's own (MIT), each reproducing one thing real
 * scores do that the test suite does not (`test/fixtures/cases/`).
 */
export const CASES = new URL('../test/fixtures/cases/', import.meta.url);

/** The text of one of the {@link CASES}. */
export function caseText(name: string): string {
  return readFileSync(new URL(name, CASES), 'utf8');
}

/** The bytes of a fixture. */
export function fixtureBytes(name: string): Uint8Array {
  return readFileSync(new URL(name, FIXTURES));
}

/** A score's whole state: title, parts, measures and every unit with its attachments. */
export function wholeScore(score: Score): unknown {
  const snapshot = readScore(score);
  const units: unknown[] = [];
  snapshot.parts.forEach((part, index) => {
    for (let measure = 1; measure <= snapshot.measures.length; measure++) {
      for (let staff = 1; staff <= part.staves; staff++) {
        units.push({
          part: index + 1,
          staff,
          measure,
          ...snapshot.unit(index + 1, staff, measure),
        });
      }
    }
  });
  return { title: snapshot.title, parts: snapshot.parts, measures: snapshot.measures, units };
}
