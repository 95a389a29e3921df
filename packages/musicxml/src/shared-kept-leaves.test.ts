import { openScore, type Score } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { eventKeep } from './attachment-types.ts';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText, fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { NOTE_CHILD_DEPTH } from './note-leaves.ts';
import { readScore } from './score-snapshot.ts';
import { isElement, type XmlElement, type XmlWritten } from './xml-tree.ts';
import { xmlText } from './xml-write.ts';

function imported(bytes: Uint8Array): Score {
  const result = importMusicXml(bytes);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

/** Every element child of every kept `<note>` of the score. */
function keptChildren(score: Score): XmlElement[] {
  const snapshot = readScore(score);
  const children: XmlElement[] = [];
  snapshot.parts.forEach((part, index) => {
    for (let measure = 1; measure <= snapshot.measures.length; measure++)
      for (let staff = 1; staff <= part.staves; staff++)
        for (const voice of snapshot.unit(index + 1, staff, measure).voices)
          for (const event of voice.events)
            for (const note of eventKeep(event)?.notes ?? [])
              for (const node of note.c ?? []) if (isElement(node)) children.push(node);
  });
  return children;
}

/** A kept child import shares: one text at most, no element children, at most two attributes. */
function isLeaf(node: XmlElement): boolean {
  const children = node.c ?? [];
  return (
    Object.keys(node.a ?? {}).length <= 2 &&
    (children.length === 0 || (children.length === 1 && typeof children[0] === 'string'))
  );
}

describe('the leaves import keeps on notes', () => {
  const score = imported(fixtureBytes('41a-MultiParts-Partorder.xml'));
  const chorale = imported(new TextEncoder().encode(caseText('chorale-phrase.musicxml')));

  it('are one frozen leaf for each way a leaf is written, shared by every note that has it', () => {
    const leaves = [...keptChildren(score), ...keptChildren(chorale)].filter(isLeaf);
    // <type>, <stem>, <beam> and the like on every note of both scores.
    expect(leaves.length).toBeGreaterThan(20);
    const byText = new Map<string, Set<XmlElement>>();
    for (const leaf of leaves) {
      const text = xmlText(leaf, NOTE_CHILD_DEPTH);
      byText.set(text, (byText.get(text) ?? new Set()).add(leaf));
      expect(Object.isFrozen(leaf)).toBe(true);
    }
    for (const [text, shared] of byText) expect([text, shared.size]).toEqual([text, 1]);
    expect(byText.size).toBeLessThan(leaves.length);
  });

  it('hold their written text where neither JSON nor the score encoding sees it', () => {
    const leaf = keptChildren(chorale).find(isLeaf)!;
    expect((leaf as Partial<XmlWritten>)['=']).toBe(xmlText(leaf, NOTE_CHILD_DEPTH));
    for (const key of Object.keys(leaf)) expect(['n', 'a', 'c']).toContain(key);
    expect(JSON.stringify(leaf)).not.toContain('"="');
    // A score rebuilt from its encoding holds copies of its own, and exports the same text.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(chorale.doc));
    const reopened = openScore(copy);
    expect(keptChildren(reopened).some((node) => Object.isFrozen(node))).toBe(false);
    expect(exportMusicXml(reopened)).toBe(exportMusicXml(chorale));
  });
});
