/**
 * What Scorelane can do so far, in one run: read lanes-seq, refuse bad text
 * with every problem and its fix, and print the guide agents learn from.
 *
 * Run from the repository root: npm start
 */
import { formatGuide, formatIssue, parse, serialize } from '../src/index.ts';

const good = `% Ode to Joy, bars 1-2 (Beethoven), melody and bass
P1 s1 v1 m1: E4=1/4 E4=1/4 F4=1/4 G4=1/4
P2 s1 v1 m1: (C3 G3)=2/4 (G3 C3)=1/2
P1 s1 v1 m2: G4=1/4 F4=1/4 E4=1/4 D4=1/4
P2 s1 v1 m2: (B2 G3)=1/2~ (B2 G3)=1/4 r=1/4
`;

const bad = `P1 s1 v1 m1: e4=1/4 E4=1/4 F♯4=0.25 G4=1/4
P1 v1 m2: G4=1/4 (F4 F4)=1/4 E4 1/4 D4=1/4
`;

console.log('Scorelane lanes-seq demo\n');
console.log('1. An agent writes two bars:\n');
console.log(good);
const result = parse(good);
if (!result.ok) throw new Error('the demo text should parse');
console.log(`   parsed: ${result.document.lanes.length} lanes. Canonical form:\n`);
console.log(serialize(result.document));

console.log(
  '2. An agent makes mistakes. Nothing is accepted, and every problem says how to fix it:\n',
);
console.log(bad);
const refused = parse(bad);
for (const issue of refused.issues) console.log(`   [${issue.code}] ${formatIssue(issue)}`);

console.log('\n3. The guide every tool description embeds:\n');
console.log(
  formatGuide()
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n'),
);
