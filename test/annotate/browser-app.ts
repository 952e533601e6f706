/**
 * The browser tests' set-up: a corpus and a label server over it, closed after the test, and a
 * headless Chromium shared by the tests of a file (closed after its last test). Each test opens
 * its pages in contexts of its own (`browser.newPage()` makes one), so nothing passes between
 * tests but the browser process, whose start is ~0.6 s of CPU.
 */
import { after } from 'node:test';
import { Workspace } from '../../src/annotate/workspace.js';
import { startLabelServer, type LabelServer } from '../../src/annotate/server.js';
import { CHROMIUM, CHROMIUM_ARGS, playwrightOrSkip } from '../helpers/browser.js';

type Browser = Awaited<ReturnType<NonNullable<Awaited<ReturnType<typeof playwrightOrSkip>>>['chromium']['launch']>>;

export interface LabelApp {
  /** The corpus folder. */
  readonly c: { readonly dir: string };
  readonly srv: LabelServer;
  readonly browser: Browser;
}

type Playwright = NonNullable<Awaited<ReturnType<typeof playwrightOrSkip>>>;

let shared: Promise<Browser> | undefined;
// Registered when a test file imports this module, so on the file's root: after its last test.
after(async () => {
  const browser = await shared?.catch(() => undefined);
  await browser?.close();
});

/** The file's Chromium, started by the first test that asks. */
export function fileBrowser(pw: Playwright): Promise<Browser> {
  shared ??= pw.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return shared;
}

/** Runs `run` against a fresh label app; skips the test where no Chromium is installed. */
export async function withLabelApp(
  t: { skip(message?: string): void },
  makeCorpus: () => Promise<{ dir: string; cleanup: () => Promise<void> }>,
  run: (app: LabelApp) => Promise<void>,
): Promise<void> {
  const pw = await playwrightOrSkip(t);
  if (!pw) return;
  const c = await makeCorpus();
  const srv = await startLabelServer(await Workspace.open(c.dir));
  try {
    await run({ c, srv, browser: await fileBrowser(pw) });
  } finally {
    await srv.close();
    await c.cleanup();
  }
}
