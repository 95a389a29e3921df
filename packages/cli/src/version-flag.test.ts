import { describe, expect, it } from 'vitest';
import cliPackage from '../package.json' with { type: 'json' };
import { run } from './run.ts';

async function scorelane(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

describe('scorelane --version', () => {
  it.each([['--version'], ['-v']])('%s prints the package version and exits 0', async (flag) => {
    expect(await scorelane(flag)).toEqual({ code: 0, out: `${cliPackage.version}\n`, err: '' });
  });

  it('wins over a command, as --help does', async () => {
    expect(await scorelane('read', 'example', '--version')).toEqual({
      code: 0,
      out: `${cliPackage.version}\n`,
      err: '',
    });
  });

  it('is named in the usage text', async () => {
    expect((await scorelane('--help')).out).toContain('--version (-v) prints the version');
  });
});
