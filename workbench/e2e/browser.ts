import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Where the browser tests save a screenshot of each main screen (linked from the README). */
export const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

export function baseUrl(): string {
  const url = process.env.QCDESK_E2E_URL;
  if (url === undefined) throw new Error('run browser tests with `npm run test:e2e` (QCDESK_E2E_URL is not set)');
  return url;
}

/** Debian's Chromium, headless; never a downloaded browser. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: false });
}
