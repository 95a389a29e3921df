import { parsePitch, rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { keySignature } from './key-signature.ts';
import { plan } from './plan-rewrite.ts';
import { createScore, type ScoreInit } from './score.ts';
import { scoreContent } from './score-content.ts';

const G_MAJOR = keySignature({ step: 'G', alter: 0 }, 'major')!;

const WITH_ATTACHMENTS: ScoreInit = {
  title: 'Attached',
  parts: [
    {
      name: 'Voice',
      staves: 1,
      clefs: ['treble'],
      program: 52,
      attachments: { id: 'P1', abbreviation: 'V.' },
    },
  ],
  measures: [
    { time: { beats: 2, beatType: 4 }, key: G_MAJOR, attachments: { barline: 'heavy-light' } },
    { time: { beats: 2, beatType: 4 }, key: G_MAJOR, number: '2a' },
  ],
  units: [
    {
      part: 1,
      staff: 1,
      measure: 1,
      content: {
        voices: [
          {
            voice: 1,
            events: [
              {
                kind: 'note',
                pitch: parsePitch('D5')!,
                duration: rational(1, 4),
                grace: false,
                tie: false,
                attachments: { lyric: 'Freu-', dynamics: 'p' },
              },
              {
                kind: 'note',
                pitch: parsePitch('B4')!,
                duration: rational(1, 4),
                grace: false,
                tie: false,
                attachments: { lyric: 'de' },
              },
            ],
          },
        ],
        attachments: { print: { 'new-system': true } },
      },
    },
  ],
};

describe('scoreContent', () => {
  it('gives back every attachment as it was stored', () => {
    const score = createScore(new Y.Doc(), WITH_ATTACHMENTS);
    const content = scoreContent(score);
    expect(content.parts).toEqual(WITH_ATTACHMENTS.parts);
    expect(content.measures).toEqual(WITH_ATTACHMENTS.measures);
    expect(content.units?.[0]).toEqual(WITH_ATTACHMENTS.units?.[0]);
  });

  it('keeps attachments of units a rewrite does not replace untouched', () => {
    const score = createScore(new Y.Doc(), WITH_ATTACHMENTS);
    const planned = plan(score, { start: 2, text: 'P1 s1 v1 m2: G4=1/2\n' });
    if (!planned.ok) throw new Error('refused');
    expect(planned.plan.dropped).toEqual([]);
    expect(apply(score, planned.plan).ok).toBe(true);
    const content = scoreContent(score);
    expect(content.units?.[0]).toEqual(WITH_ATTACHMENTS.units?.[0]);
    expect(content.measures).toEqual(WITH_ATTACHMENTS.measures);
  });

  it('makes a copy that reads the same through createScore', () => {
    const score = createScore(new Y.Doc(), WITH_ATTACHMENTS);
    const copy = createScore(new Y.Doc(), scoreContent(score));
    expect(scoreContent(copy)).toEqual(scoreContent(score));
  });
});
