import {
  apply,
  createScore,
  type Json,
  type PartEdit,
  planPartEdit,
  type Score,
  scoreContent,
} from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { KEEP_KEY } from './attachment-types.ts';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { parseXml, type XmlElement } from './xml-tree.ts';

function imported(text: string | Uint8Array): Score {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function removePart(score: Score, part: number): void {
  const edit: PartEdit = { kind: 'remove', part };
  const planned = planPartEdit(score, { edit });
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  expect(apply(score, planned.plan).ok).toBe(true);
}

function rootOf(xml: string): XmlElement {
  const parsed = parseXml(xml);
  if (!('root' in parsed)) throw new Error('not XML');
  return parsed.root;
}

/** Each part group of the part list as `start 2` / `stop 2`, in order. */
function groupMarks(xml: string): string[] {
  const partList = rootOf(xml).c?.find(
    (node): node is XmlElement => typeof node === 'object' && 'n' in node && node.n === 'part-list',
  );
  return (partList?.c ?? []).flatMap((node) =>
    typeof node === 'object' && 'n' in node && node.n === 'part-group'
      ? [`${node.a?.type} ${node.a?.number ?? '1'}`]
      : [],
  );
}

/** Whether every group stop closes a started group and every start is stopped. */
function balanced(marks: readonly string[]): boolean {
  const open: string[] = [];
  for (const mark of marks) {
    const [type, number] = mark.split(' ') as [string, string];
    if (type === 'start') open.push(number);
    else if (open.lastIndexOf(number) < 0) return false;
    else open.splice(open.lastIndexOf(number), 1);
  }
  return open.length === 0;
}

describe('removing parts keeps what belongs to the whole score', () => {
  const orchestra = fixtureBytes('41c-StaffGroups.xml');

  it('removing the first part keeps the header (identification) of the file', () => {
    const score = imported(orchestra);
    expect(exportMusicXml(score)).toContain('<miscellaneous-field name="description">');
    removePart(score, 1);
    expect(exportMusicXml(score)).toContain('<miscellaneous-field name="description">');
  });

  it('the part list stays balanced whichever part goes, first, last or inside a group', () => {
    const before = exportMusicXml(imported(orchestra));
    expect(balanced(groupMarks(before))).toBe(true);
    const partCount = imported(orchestra).doc.getArray('scorelane.partOrder').length;
    for (const part of [1, 2, 3, 5, partCount]) {
      const score = imported(orchestra);
      removePart(score, part);
      const xml = exportMusicXml(score);
      expect(balanced(groupMarks(xml)), `after removing part ${part}`).toBe(true);
      expect(importMusicXml(xml).ok).toBe(true);
    }
  });

  it('a balanced part list is written as the file had it', () => {
    const score = imported(orchestra);
    const again = imported(exportMusicXml(score));
    expect(groupMarks(exportMusicXml(again))).toEqual(groupMarks(exportMusicXml(score)));
  });

  it('a score imported before the header moved to the score still writes its header from part 1', () => {
    const content = scoreContent(imported(orchestra));
    const header = (content.attachments as { [KEEP_KEY]: { header: Json } })[KEEP_KEY].header;
    const { attachments: _moved, ...withoutScoreKeep } = content;
    const [first, ...others] = content.parts;
    const firstKeep = (first!.attachments as { [KEEP_KEY]: { [key: string]: Json } })[KEEP_KEY];
    const older = createScore(new Y.Doc(), {
      ...withoutScoreKeep,
      parts: [{ ...first!, attachments: { [KEEP_KEY]: { ...firstKeep, header } } }, ...others],
    });
    expect(exportMusicXml(older)).toContain('<miscellaneous-field name="description">');
  });
});
