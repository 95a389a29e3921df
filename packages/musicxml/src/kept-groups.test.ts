import { apply, plan, readMeasures, type Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';

function imported(name: string): Score {
  const result = importMusicXml(fixtureBytes(name));
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** Measure 1 of part 1 rewritten with its first note's pitch changed, then exported; measure 1's text. */
function firstNoteChanged(name: string, from: RegExp, to: string): string {
  const score = imported(name);
  const read = readMeasures(score, { start: 1, end: 1 });
  if (!read.ok) throw new Error('read failed');
  const line = read.lanes.split('\n')[0]!;
  const changed = line.replace(from, to);
  expect(changed).not.toBe(line);
  const planned = plan(score, { start: 1, parts: [1], text: `${changed}\n` });
  if (!planned.ok) throw new Error('plan refused');
  apply(score, planned.plan);
  const xml = exportMusicXml(score);
  return xml.slice(xml.indexOf('<measure number="1"'), xml.indexOf('</measure>'));
}

/** Whether `<tuplet>` starts and stops pair up, in order. */
function tupletsPairUp(measure: string): boolean {
  let open = 0;
  for (const [, type] of measure.matchAll(/<tuplet type="(start|stop)"/g)) {
    if (type === 'start') {
      if (open > 0) return false;
      open++;
    } else if (open-- !== 1) return false;
  }
  return open === 0;
}

/** Whether the beams of every level go begin, continue..., end, note by note. */
function beamsFormGroups(measure: string): boolean {
  const notes = measure.match(/<note[ >][\s\S]*?<\/note>/g) ?? [];
  for (const level of ['1', '2', '3']) {
    let open = false;
    for (const note of notes) {
      const value = new RegExp(`<beam number="${level}">([^<]*)</beam>`).exec(note)?.[1];
      if (value === 'begin') {
        if (open) return false;
        open = true;
      } else if (value === 'continue') {
        if (!open) return false;
      } else if (value === 'end') {
        if (!open) return false;
        open = false;
      } else if (open) return false;
    }
    if (open) return false;
  }
  return true;
}

describe('a pitch change keeps tuplet brackets and beam groups whole', () => {
  it('23a-Tuplets.xml m1, C4=1/6 -> E4=1/6: every <tuplet type="stop"> has its start', () => {
    const measure = firstNoteChanged('23a-Tuplets.xml', /C4=1\/6/, 'E4=1/6');
    expect(measure.match(/<tuplet type="start"/g)?.length).toBe(2);
    expect(tupletsPairUp(measure)).toBe(true);
  });

  it('03e-Rhythm-SecondaryBeamBreaks m1, first note changed: no group starts with continue or end', () => {
    const measure = firstNoteChanged(
      '03e-Rhythm-SecondaryBeamBreaks.musicxml',
      /^(\S+ \S+ \S+ \S+ )C4/,
      '$1E4',
    );
    expect(beamsFormGroups(measure)).toBe(true);
    // The broken group's beams are dropped; the three groups after it keep theirs.
    expect(measure.match(/<beam number="1">begin<\/beam>/g)?.length).toBe(3);
  });

  it("a pitch change that leaves the groups whole keeps the file's brackets and beams", () => {
    const score = imported('23a-Tuplets.xml');
    const original = exportMusicXml(score);
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    const line = read.lanes.split('\n')[0]!;
    // The second note of the first triplet: its group keeps both ends from the file.
    const changed = line.replace('D4=1/6', 'F4=1/6');
    const planned = plan(score, { start: 1, parts: [1], text: `${changed}\n` });
    if (!planned.ok) throw new Error('plan refused');
    apply(score, planned.plan);
    const measure = (xml: string) =>
      xml.slice(xml.indexOf('<measure number="1"'), xml.indexOf('</measure>'));
    const tuplets = (xml: string) => measure(xml).match(/<tuplet [^>]*>/g);
    expect(tuplets(exportMusicXml(score))).toEqual(tuplets(original));
  });
});
