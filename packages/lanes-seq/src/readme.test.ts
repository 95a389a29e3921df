import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES } from './issue.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it.each(Object.entries(ISSUE_CODES))(
    'documents the problem code %s with its meaning',
    (code, meaning) => {
      expect(readme).toContain(`| \`${code}\` | ${meaning} |`);
    },
  );
});
