/** The browser tests' set-up: a corpus, a label server over it and a headless Chromium, all closed after the test. */
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
    const browser = await pw.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      await run({ c, srv, browser });
    } finally {
      await browser.close();
    }
  } finally {
    await srv.close();
    await c.cleanup();
  }
}
