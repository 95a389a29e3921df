/**
 * lanes-seq parse and serialize throughput, against JSON.parse and
 * JSON.stringify of the same events in the same process.
 *
 * Run: npm run bench -w @scorelane/lanes-seq
 */

import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { measure } from '../../../scripts/bench/measure.ts';
import { parse, serialize } from '../src/index.ts';
import { compactJson, generateDocument } from './generate-document.ts';

const document = generateDocument(2000, 8);
const text = serialize(document);
const eventCount = document.lanes.reduce((count, lane) => count + lane.events.length, 0);
const asJson = JSON.stringify(document);
const asCompactJson = JSON.stringify(compactJson(document));
const check = parse(text);
if (!check.ok) throw new Error(`generated text does not parse: ${check.issues[0]?.message}`);

const mb = (chars: number) => chars / 1e6;
const rows: { name: string; ms: number; chars: number }[] = [
  { name: 'lanes-seq parse', ms: measure(() => parse(text)), chars: text.length },
  {
    name: 'JSON.parse (document as JSON)',
    ms: measure(() => JSON.parse(asJson)),
    chars: asJson.length,
  },
  {
    name: 'JSON.parse (compact JSON)',
    ms: measure(() => JSON.parse(asCompactJson)),
    chars: asCompactJson.length,
  },
  { name: 'lanes-seq serialize', ms: measure(() => serialize(document)), chars: text.length },
  {
    name: 'JSON.stringify (document as JSON)',
    ms: measure(() => JSON.stringify(document)),
    chars: asJson.length,
  },
];

console.log(
  `lanes-seq benchmark: ${document.lanes.length} lanes, ${eventCount} events, ${(mb(text.length)).toFixed(2)} MB of lanes-seq text (${mb(asJson.length).toFixed(2)} MB as document JSON, ${mb(asCompactJson.length).toFixed(2)} MB compact)`,
);
console.log(`node ${process.version}`);
// What a model pays for the notes: o200k tokens of the canonical text per event (the token
// check on real files, with marks and against MusicXML, is score-tools' bench).
console.log(
  `o200k tokens per event of the canonical text (notes only): ${(countTokens(text) / eventCount).toFixed(2)}\n`,
);
console.log('operation                              ms     MB/s    Mevents/s');
for (const row of rows) {
  const seconds = row.ms / 1000;
  console.log(
    `${row.name.padEnd(36)} ${row.ms.toFixed(1).padStart(6)} ${(mb(row.chars) / seconds).toFixed(1).padStart(8)} ${(eventCount / seconds / 1e6).toFixed(2).padStart(10)}`,
  );
}
const byName = (name: string) => rows.find((row) => row.name === name)!.ms;
console.log('\nratios on the same events (above 1 means lanes-seq is faster):');
console.log(
  `  parse vs JSON.parse (document as JSON):     ${(byName('JSON.parse (document as JSON)') / byName('lanes-seq parse')).toFixed(2)}x`,
);
console.log(
  `  parse vs JSON.parse (compact JSON):         ${(byName('JSON.parse (compact JSON)') / byName('lanes-seq parse')).toFixed(2)}x`,
);
console.log(
  `  serialize vs JSON.stringify (document):     ${(byName('JSON.stringify (document as JSON)') / byName('lanes-seq serialize')).toFixed(2)}x`,
);

// Linear time: malformed text of every shape costs in proportion to its length.
const pathological: Record<string, (size: number) => string> = {
  'one long line of "("': (size) => `P1 s1 v1 m1: ${'('.repeat(size)}`,
  'many lower-case steps': (size) => `P1 s1 v1 m1: ${'c4=1/4 '.repeat(size / 7)}`,
  'lower-case steps with no duration': (size) => `P1 s1 v1 m1: ${'c4 '.repeat(size / 3)}`,
  'tied grace rests': (size) => `P1 s1 v1 m1: ${'r=g1/4~ '.repeat(size / 8)}`,
  'a pitch with endless sharps': (size) => `P1 s1 v1 m1: C${'#'.repeat(size)}4=1`,
  'one line of header fields': (size) => 'P1 '.repeat(size / 3),
  'the same lane again and again': (size) => 'P1 s1 v1 m1: C4=1\n'.repeat(size / 18),
  'random lanes-seq characters': (size) => {
    const alphabet = 'PsvmCDEFGABcrxg#b0123456789/=~()- \t\n:%|,.';
    let state = 7;
    let text = '';
    for (let i = 0; i < size; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      text += alphabet[state % alphabet.length];
    }
    return text;
  },
};
console.log(
  '\nlinear time: ms to parse malformed text of 100 KB and of 1 MB (the ratio should be near 10)',
);
for (const [name, make] of Object.entries(pathological)) {
  const small = make(100_000);
  const large = make(1_000_000);
  const smallMs = measure(() => parse(small), 0.5);
  const largeMs = measure(() => parse(large), 0.5);
  console.log(
    `  ${name.padEnd(32)} ${smallMs.toFixed(1).padStart(7)} ${largeMs.toFixed(1).padStart(8)}   x${(largeMs / smallMs).toFixed(1)}`,
  );
}
