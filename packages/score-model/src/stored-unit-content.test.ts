import { CLEFS, rational } from '@scorelane/lanes-seq';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { arbitraryMarkedUnit } from './arbitrary-marks.test-support.ts';
import { arbitraryValidRewrite, PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { decodeStoredUnit, encodeUnit } from './codec.ts';
import { scoreOf } from './fixtures.test-support.ts';
import type { Json } from './json.ts';
import { scoreTypes } from './layout.ts';
import { plan } from './plan-rewrite.ts';
import { openScore, type Score } from './score.ts';
import { scoreContent } from './score-content.ts';
import type { UnitContent } from './score-types.ts';
import { storedUnitContent } from './stored-unit-content.ts';

const attachments: fc.Arbitrary<Json> = fc.dictionary(
  fc.constantFrom('musicxml', 'marks', 'layout', 'id'),
  fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant([])),
  { minKeys: 1, maxKeys: 3 },
);

/** A unit with marks, and attachments on its events and itself, clef changes, grace chords. */
const arbitraryFullUnit: fc.Arbitrary<UnitContent> = fc
  .tuple(
    arbitraryMarkedUnit,
    fc.array(fc.option(attachments, { nil: undefined }), { minLength: 10, maxLength: 10 }),
    fc.option(attachments, { nil: undefined }),
    fc.option(
      fc.array(
        fc.record({
          onset: fc.constantFrom(rational(1, 4), rational(1, 2), rational(3, 8)),
          clef: fc.constantFrom(...CLEFS),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      { nil: undefined },
    ),
    fc.boolean(),
  )
  .map(([unit, eventAttachments, unitAttachments, clefs, graceChords]) => ({
    voices: unit.voices.map((voice) => ({
      ...voice,
      events: voice.events.map((event, index) => {
        const attached = eventAttachments[index % eventAttachments.length];
        const graced = event.kind === 'chord' && graceChords ? { ...event, grace: true } : event;
        return attached !== undefined ? { ...graced, attachments: attached } : graced;
      }),
    })),
    ...(clefs !== undefined ? { clefs } : {}),
    ...(unitAttachments !== undefined ? { attachments: unitAttachments } : {}),
  }));

/** What every unit of `score` reads as on a fresh doc made from its state: decoded with nothing kept. */
function freshContent(score: Score) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(score.doc));
  return scoreContent(openScore(doc));
}

describe('a stored unit, decoded once per stored value', () => {
  it('property: decodes what encodeUnit stores, attachments, clefs and grace chords included', () => {
    fc.assert(
      fc.property(arbitraryFullUnit, (unit) => {
        const stored: unknown = JSON.parse(JSON.stringify(encodeUnit(unit)));
        expect(decodeStoredUnit(stored)).toEqual(unit);
        const kept = storedUnitContent(stored);
        expect(kept).toEqual(unit);
        expect(storedUnitContent(stored)).toBe(kept);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a value that is no unit as none', () => {
    const tampered = { voices: [{ voice: 1, events: [{ kind: 'mystery', duration: [1, 2] }] }] };
    expect(storedUnitContent(tampered)).toBeUndefined();
    expect(storedUnitContent(tampered)).toBeUndefined();
    expect(storedUnitContent('text')).toBeUndefined();
    expect(storedUnitContent({ voices: 7 })).toBeUndefined();
  });

  it('property: after rewrites, undos, redos and a peer’s edits, every unit reads as a fresh doc reads it', () => {
    const step = fc.oneof(
      arbitraryValidRewrite.map((rewrite) => ({ kind: 'rewrite' as const, rewrite })),
      fc.constantFrom({ kind: 'undo' as const }, { kind: 'redo' as const }),
      arbitraryValidRewrite.map((rewrite) => ({ kind: 'peer' as const, rewrite })),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        const score = scoreOf(PROPERTY_SCORE, new Y.Doc(), 'agent');
        const peer = openScore(new Y.Doc(), { origin: 'peer' });
        Y.applyUpdate(peer.doc, Y.encodeStateAsUpdate(score.doc));
        const undo = new Y.UndoManager(Object.values(scoreTypes(score.doc)), {
          trackedOrigins: new Set(['agent']),
          captureTimeout: 0,
        });
        expect(scoreContent(score)).toEqual(freshContent(score));
        for (const next of steps) {
          if (next.kind === 'undo') undo.undo();
          else if (next.kind === 'redo') undo.redo();
          else {
            const writer = next.kind === 'rewrite' ? score : peer;
            if (next.kind === 'peer') Y.applyUpdate(peer.doc, Y.encodeStateAsUpdate(score.doc));
            const { start, parts, text } = next.rewrite;
            const planned = plan(writer, { start, parts, text });
            if (!planned.ok) throw new Error(planned.problems[0]?.message);
            apply(writer, planned.plan);
            if (next.kind === 'peer') Y.applyUpdate(score.doc, Y.encodeStateAsUpdate(peer.doc));
          }
          expect(scoreContent(score)).toEqual(freshContent(score));
        }
      }),
      { numRuns: 40 },
    );
  });
});
