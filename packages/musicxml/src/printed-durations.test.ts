import { describe, expect, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';

function durationsOf(text: string, measure: number): string[] {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  const [voice] = readScore(result.score).unit(1, 1, measure).voices;
  return (voice?.events ?? []).map((event) => `${event.duration.num}/${event.duration.den}`);
}

describe('durations read as printed', () => {
  test('printed-triplet-sixteenths.musicxml: triplet sixteenths written 42, 43, 43 at divisions 256 read as 1/24 each, with no warning', () => {
    const text = caseText('printed-triplet-sixteenths.musicxml');
    const result = importMusicXml(text);
    if (!result.ok) throw new Error(result.problems[0]?.message);
    expect(result.warnings).toEqual([]);
    expect(durationsOf(text, 1)).toEqual(Array(24).fill('1/24'));
    expect(durationsOf(text, 2)).toEqual(['1/1']);
    // Export writes the printed value exactly; read again, it is the same.
    expect(durationsOf(exportMusicXml(result.score), 1)).toEqual(Array(24).fill('1/24'));
  });

  test('durations the printed values do not account for are kept as the divisions say', () => {
    // The same bar with its last group written 42, 42, 44: the printed reading still adds up, but
    // 44 is more than a division from 42 2/3, so it is no rounding and the divisions stand.
    const text = caseText('printed-triplet-sixteenths.musicxml');
    const lastGroup = text.lastIndexOf('<duration>42</duration>');
    const changed = `${text.slice(0, lastGroup)}${text
      .slice(lastGroup)
      .replace('<duration>43</duration>', '<duration>42</duration>')
      .replace('<duration>43</duration>', '<duration>44</duration>')}`;
    const read = durationsOf(changed, 1);
    expect(read.slice(-3)).toEqual(['21/512', '21/512', '11/256']);
  });
});
