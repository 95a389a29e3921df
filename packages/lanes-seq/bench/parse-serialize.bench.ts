/**
 * lanes-seq parse and serialize against JSON.parse and JSON.stringify of
 * the same events as compact JSON, at 10 KB, 1 MB and 10 MB of text, in the
 * same process, interleaved round by round (min/median/max of the ratios).
 * The heap is collected before each row (`--expose-gc`, as `npm run bench`
 * runs it), so that no row is charged for the garbage of the one before,
 * and the two sides of a ratio take turns going first.
 *
 * Run: npm run bench -w @scorelane/lanes-seq
 */

import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { measure } from '../../../scripts/bench/measure.ts';
import { type LanesDocument, parse, serialize } from '../src/index.ts';
import { compactJson, generateDocument } from './generate-document.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** `global.gc` when node runs with `--expose-gc` (as `npm run bench` does). */
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

interface Size {
  readonly label: string;
  readonly document: LanesDocument;
  readonly text: string;
  readonly json: string;
  readonly jsonValue: unknown;
  readonly events: number;
}

// The canonical text's bytes a measure of eight lanes, measured on a sample of the same mix.
const bytesPerMeasure = serialize(generateDocument(200, 8)).length / 200;

/** A generated document of about `bytes` of canonical text, with its compact JSON. */
function sized(label: string, bytes: number): Size {
  const document = generateDocument(Math.max(1, Math.round(bytes / bytesPerMeasure)), 8);
  const text = serialize(document);
  const check = parse(text);
  if (!check.ok) throw new Error(`generated text does not parse: ${check.issues[0]?.message}`);
  const jsonValue = compactJson(document);
  const events = document.lanes.reduce((count, lane) => count + lane.events.length, 0);
  return { label, document, text, json: JSON.stringify(jsonValue), jsonValue, events };
}

const sizes = [sized('10 KB', 10_000), sized('1 MB', 1_000_000), sized('10 MB', 10_000_000)];
const mb = (chars: number) => chars / 1e6;

console.log(`lanes-seq benchmark, node ${process.version}; ${ROUNDS} rounds, interleaved`);
for (const size of sizes) {
  console.log(
    `  ${size.label}: ${size.document.lanes.length} lanes, ${size.events} events, ${mb(size.text.length).toFixed(2)} MB of lanes-seq, ${mb(size.json.length).toFixed(2)} MB of the same events as compact JSON ([{"p":"C4","d":"1/4"}...])`,
  );
}
const midSize = sizes[1]!;
// What a model pays for the notes: o200k tokens of the canonical text per event (the token
// check on real files, with marks and against MusicXML, is score-tools' bench).
console.log(
  `o200k tokens per event of the canonical text (notes only, ${midSize.label}): ${(countTokens(midSize.text) / midSize.events).toFixed(2)}\n`,
);

// Each round times every row once (a row: median of repeated runs for ~0.4 s), the rows
// of a size one after the other, so a busy moment of the machine falls on both sides of a ratio.
const ratios = new Map<string, { parse: number[]; serialize: number[] }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const size of sizes) {
    const seconds = size.text.length > 5e6 ? 2 : 0.4;
    const row = (work: () => unknown) => {
      collectGarbage();
      return measure(work, seconds);
    };
    const pair = (ours: () => unknown, json: () => unknown): [number, number] => {
      if (round % 2 === 0) return [row(ours), row(json)];
      const jsonMs = row(json);
      return [row(ours), jsonMs];
    };
    const [parseMs, jsonParseMs] = pair(
      () => parse(size.text),
      () => JSON.parse(size.json),
    );
    const [serializeMs, stringifyMs] = pair(
      () => serialize(size.document),
      () => JSON.stringify(size.jsonValue),
    );
    const entry = ratios.get(size.label) ?? { parse: [], serialize: [] };
    entry.parse.push(jsonParseMs / parseMs);
    entry.serialize.push(stringifyMs / serializeMs);
    ratios.set(size.label, entry);
  }
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => `${sorted[index]!.toFixed(2)}x`;
  return `min ${at(0)}  median ${at(Math.floor(sorted.length / 2))}  max ${at(sorted.length - 1)}`;
};
console.log('ratios on the same events (above 1 means lanes-seq is faster; goal at least 1x):');
for (const size of sizes) {
  const entry = ratios.get(size.label)!;
  console.log(`  ${size.label.padEnd(6)} parse vs JSON.parse:         ${spread(entry.parse)}`);
  console.log(`  ${size.label.padEnd(6)} serialize vs JSON.stringify: ${spread(entry.serialize)}`);
}

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
