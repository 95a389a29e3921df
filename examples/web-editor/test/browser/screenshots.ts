/**
 * Screenshots of the browser tests: every run writes them under the
 * package's `test-output/` folder (ignored by git); the README's
 * `docs/screenshot.png` is rewritten only when `UPDATE_SCREENSHOTS=1`, so a
 * test run never changes a committed file.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const README_SCREENSHOT = fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url));

/** Saves `page` as `test-output/NAME.png`; with `readme`, also the README's screenshot when asked to. */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { readonly readme?: boolean } = {},
): Promise<void> {
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: `${OUTPUT}${name}.png` });
  if (options.readme === true && process.env.UPDATE_SCREENSHOTS === '1') {
    await page.screenshot({ path: README_SCREENSHOT });
  }
}
