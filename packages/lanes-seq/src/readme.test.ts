import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES } from './issue.ts';
import { parse } from './parse.ts';
import { serialize } from './serialize.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it.each(Object.entries(ISSUE_CODES))(
    'documents the problem code %s with its meaning',
    (code, meaning) => {
      expect(readme).toContain(`| \`${code}\` | ${meaning} |`);
    },
  );

  it('shows marks, @ items and lyric lines whose canonical form is what the serializer writes', () => {
    const [, input, canonical] =
      /```lanes-seq\n([\s\S]*?)```\n\n```canonical\n([\s\S]*?)```/.exec(readme) ?? [];
    expect(input).toContain('@7/8');
    const result = parse(input!);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(serialize(result.document)).toBe(canonical);
  });
});
