import { measure } from '../../scripts/bench/measure.ts';
import { generateDocument } from './bench/generate-document.ts';
import { parse, serialize } from './src/index.ts';

const doc = generateDocument(2000, 8);
const text = serialize(doc);
const json = JSON.stringify(doc);
for (let r = 0; r < 3; r++) {
  const p = measure(() => parse(text), 1);
  const j = measure(() => JSON.parse(json), 1);
  console.log(`parse ${p.toFixed(1)} json ${j.toFixed(1)} ratio ${(j / p).toFixed(2)}`);
}
