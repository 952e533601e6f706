/** What the real-browser tests share: the Chromium they drive, its flags, and playwright-core when installed. */
import { existsSync } from 'node:fs';
export const CHROMIUM = process.env['PITH_CHROMIUM'] ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** playwright-core, or undefined when it is not installed (the tests then skip). */
export async function playwright(): Promise<typeof import('playwright-core') | undefined> {
  try {
    return await import('playwright-core');
  } catch {
    return undefined;
  }
}

/** playwright-core when it and Chromium are installed; otherwise the test is skipped, saying why. */
export async function playwrightOrSkip(t: { skip(message?: string): void }): Promise<typeof import('playwright-core') | undefined> {
  const pw = await playwright();
  if (!pw || !existsSync(CHROMIUM)) {
    t.skip('no Chromium or playwright-core');
    return undefined;
  }
  return pw;
}
