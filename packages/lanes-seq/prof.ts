import { generateDocument } from './bench/generate-document.ts';
import { parse, serialize } from './src/index.ts';

const text = serialize(generateDocument(2000, 8));
for (let i = 0; i < 5; i++) parse(text);
const t = performance.now();
for (let i = 0; i < 30; i++) parse(text);
console.log((performance.now() - t) / 30);
