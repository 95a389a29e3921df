import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { arbitraryDocument, compactTexts } from './arbitrary-document.test-support.ts';
import { canonicalDocument, laneKey } from './document.ts';
import { parse } from './parse.ts';
import { serialize, serializeEvent } from './serialize.ts';

describe('round trip (property)', () => {
  test.prop([arbitraryDocument], { numRuns: 300 })(
    'parse(serialize(document)) gives the document back in canonical form',
    (document) => {
      const result = parse(serialize(document));
      expect(result.issues).toEqual([]);
      if (!result.ok) return;
      expect(result.document).toEqual(canonicalDocument(document));
    },
  );

  test.prop([arbitraryDocument], { numRuns: 300 })(
    'a parsed document comes back exactly: parse(serialize(parsed)) equals parsed',
    (document) => {
      const parsed = parse(serialize(document));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const again = parse(serialize(parsed.document));
      if (!again.ok) throw new Error(JSON.stringify(again.issues));
      expect(again.document).toEqual(parsed.document);
    },
  );

  test.prop([arbitraryDocument], { numRuns: 300 })(
    'every duration written out (1.0 text) reads as the canonical text that leaves repeats out',
    (document) => {
      const notesOnly = { lanes: document.lanes.map(({ onsetMarks: _, ...lane }) => lane) };
      const written = notesOnly.lanes
        .map(
          (lane) =>
            `${laneKey(lane)}: ${lane.events.map((event) => serializeEvent(event)).join(' ')}\n`,
        )
        .join('');
      const full = parse(written);
      const compact = parse(serialize(notesOnly));
      if (!full.ok) throw new Error(JSON.stringify(full.issues));
      expect(compact.ok && compact.document).toEqual(full.document);
      for (const lane of full.document.lanes) {
        expect(serialize({ lanes: [lane] })).toBe(
          `${laneKey(lane)}: ${compactTexts(lane.events).join(' ')}\n`,
        );
      }
    },
  );

  test.prop([arbitraryDocument], { numRuns: 300 })('the serializer is idempotent', (document) => {
    const once = serialize(document);
    const result = parse(once);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(serialize(result.document)).toBe(once);
  });

  test.prop([arbitraryDocument, fc.constantFrom(' ', '\t', '  ')], { numRuns: 100 })(
    'spacing and line endings do not change the canonical text',
    (document, space) => {
      const canonical = serialize(document);
      const loose = canonical
        .split('\n')
        .map((line) => (line === '' ? line : `${space}${line.replace(/ /g, space)}${space}`))
        .join('\r\n');
      const result = parse(`% a comment\r\n${loose}`);
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      expect(serialize(result.document)).toBe(canonical);
    },
  );
});

describe('totality (property)', () => {
  const expectWellFormedResult = (text: string) => {
    const result = parse(text);
    if (result.ok) {
      expect(result.issues).toEqual([]);
      return;
    }
    expect(result.issues.length).toBeGreaterThan(0);
    for (const issue of result.issues) {
      expect(issue.line).toBeGreaterThanOrEqual(1);
      expect(issue.column).toBeGreaterThanOrEqual(1);
      expect(issue.span.start.offset).toBeLessThanOrEqual(text.length);
      expect(issue.span.end.offset).toBeGreaterThanOrEqual(issue.span.start.offset);
      expect(issue.message).not.toBe('');
    }
  };

  test.prop([fc.string({ unit: 'binary', maxLength: 200 })], { numRuns: 500 })(
    'never throws on arbitrary strings, and every problem has a place',
    expectWellFormedResult,
  );

  const lanesAlphabet = fc.constantFrom(
    ...'PsvmCDEFGABcrxg#b0123456789/=~()- \t\n\r:%|,.♯'.split(''),
  );
  test.prop([fc.string({ unit: lanesAlphabet, maxLength: 300 })], { numRuns: 500 })(
    'never throws on strings made of lanes-seq characters',
    expectWellFormedResult,
  );

  test.prop(
    [
      arbitraryDocument,
      fc.array(
        fc.record({
          at: fc.nat(),
          remove: fc.integer({ min: 0, max: 3 }),
          insert: fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    ],
    { numRuns: 500 },
  )('never throws on mutated valid documents', (document, mutations) => {
    let text = serialize(document);
    for (const { at, remove, insert } of mutations) {
      const index = text.length === 0 ? 0 : at % text.length;
      text = text.slice(0, index) + insert + text.slice(index + remove);
    }
    expectWellFormedResult(text);
  });
});
