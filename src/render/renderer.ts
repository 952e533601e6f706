/**
 * The render stage (rendered-view study): a page's HTML drawn by headless Chromium, read back as a
 * `PageLayout` over pith's tree. One browser serves many pages (a fresh, isolated context
 * each); a page that hangs or crashes the renderer is cut off with a per-page error and the
 * browser is restarted. Nothing reaches the network or the file system: the document is
 * written into a blank tab from the page's own bytes (so relative URLs resolve to nothing),
 * every request it makes is refused inside the browser (blocked URLs, no round trip to
 * Node), every navigation (meta refresh, frames, scripts) is cancelled, and a dead proxy
 * and a resolver that resolves nothing catch the rest (WebSockets, prefetches).
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page as PwPage } from 'playwright-core';
import type { DomTree } from '../dom/tree.js';
import { isPithError, PithError } from '../errors.js';
import { explainImportError } from '../util/optional-package.js';
import { collectLayout, STYLE_PROPERTIES, VALUES_PER_ELEMENT, type CollectedPage } from './collect.js';
import { mapElements } from './map-elements.js';
import { LAYOUT_COLUMNS, layoutKey, type LayoutColumn, type PageLayout, type Size } from './layout.js';

/** The rendered-view study's screen: a desktop browser window. */
export const DEFAULT_VIEWPORT: Size = Object.freeze({ width: 1280, height: 800 });
/** How long starting Chromium and opening a tab may take, apart from a page's own limit. */
const STARTUP_TIMEOUT_MS = 60_000;
export const DEFAULT_RENDER_TIMEOUT_MS = 10_000;
/** Pages drawn in one tab before it is replaced (memory hygiene). */
const SESSION_PAGES = 100;

interface RenderSession {
  readonly context: BrowserContext;
  page: PwPage;
  cdp: CDPSession;
  frameId: string;
  pages: number;
  crashed: boolean;
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-default-apps', '--disable-extensions', '--mute-audio',
  '--disable-dev-shm-usage', '--disable-breakpad',
  // Backstops behind the request interception: a proxy nobody listens on, loopback included, and no DNS.
  '--proxy-server=http://127.0.0.1:1', '--proxy-bypass-list=<-loopback>', '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface RenderOptions {
  /** Window size (CSS px). Default 1280x800. */
  readonly viewport?: Size;
  /** Run the page's scripts. Default false: the page as a reader without JavaScript sees it. */
  readonly scripts?: boolean;
  /** Per-page limit; a page over it fails with RENDER_FAILED and the browser is restarted. Default 10 s. */
  readonly timeoutMs?: number;
  /** Also capture computed styles (for `--styled` output). Default false. */
  readonly styles?: boolean;
  /** Chromium executable. Default: PITH_CHROMIUM, else the first of the usual paths that exists. */
  readonly chromium?: string;
}

/** The Chromium executable pith will drive, or undefined when none is installed. */
export function findChromium(explicit?: string): string | undefined {
  const candidates = [explicit, process.env['PITH_CHROMIUM'], ...CHROMIUM_CANDIDATES].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p));
}

type Playwright = typeof import('playwright-core');

async function loadPlaywright(): Promise<Playwright> {
  try {
    return await import('playwright-core');
  } catch (e) {
    const why = explainImportError(e, 'rendering (--render, pith render)');
    throw isPithError(why) ? why : new PithError('RENDER_FAILED', `rendering needs the playwright-core package (${(e as Error).message})`, 'playwright-core');
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PithError('RENDER_FAILED', `${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Turns what the browser collected into a layout over `tree`. */
export function layoutFromCollected(collected: CollectedPage, tree: DomTree, meta: { hash: string; viewport: Size; scripts: boolean }): PageLayout {
  const n = tree.nodes.length;
  const cols = {} as Record<LayoutColumn, Float32Array>;
  for (const c of LAYOUT_COLUMNS) cols[c] = new Float32Array(n).fill(Number.NaN);
  const mapping = mapElements(tree, collected.tags);
  const withStyles = collected.styleOf.length === collected.tags.length && collected.styles.length > 0;
  const styleOf = withStyles ? new Int32Array(n).fill(-1) : undefined;
  for (let j = 0; j < mapping.nodeOf.length; j++) {
    const id = mapping.nodeOf[j]!;
    if (id < 0) continue;
    for (let c = 0; c < VALUES_PER_ELEMENT; c++) {
      const v = collected.values[j * VALUES_PER_ELEMENT + c];
      cols[LAYOUT_COLUMNS[c]!][id] = typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
    }
    if (styleOf) styleOf[id] = collected.styleOf[j]!;
  }
  return Object.freeze({
    hash: meta.hash, viewport: meta.viewport, page: { width: collected.pageWidth, height: collected.pageHeight },
    nodes: n, mapped: mapping.mapped, scripts: meta.scripts, cols,
    ...(styleOf ? { styles: collected.styles, styleOf } : {}),
  });
}

declare const document: { readonly readyState: string };
/** Runs in the page. */
function readyState(): string {
  return document.readyState;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface RenderInput {
  /** The page's bytes as stored (the cache key is their hash). */
  readonly bytes: Uint8Array;
  /** The decoded HTML text (what pith parsed). */
  readonly html: string;
  /** pith's tree of the same text, the layout is mapped onto it. */
  readonly tree: DomTree;
}

export class Renderer {
  private browser: Browser | undefined;
  private session: RenderSession | undefined;
  private readonly playwright: Playwright;
  private readonly executable: string;
  readonly options: Required<Omit<RenderOptions, 'chromium'>>;
  /** Browsers started after a page hung or crashed one. */
  restarts = 0;
  /** Whether a browser has started once: a restart that fails later loses only its page. */
  private launched = false;
  /** Why the first browser would not start: kept, so that later pages fail at once instead of trying again. */
  private startFailure: PithError | undefined;

  private constructor(playwright: Playwright, executable: string, options: RenderOptions) {
    this.playwright = playwright;
    this.executable = executable;
    this.options = {
      viewport: options.viewport ?? DEFAULT_VIEWPORT,
      scripts: options.scripts ?? false,
      timeoutMs: options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS,
      styles: options.styles ?? false,
    };
  }

  /** Starts Chromium; RENDER_FAILED when it or playwright-core is not installed. */
  static async launch(options: RenderOptions = {}): Promise<Renderer> {
    const r = await Renderer.prepare(options);
    await r.start();
    return r;
  }

  /**
   * A renderer whose browser starts with the first page drawn (a run whose layouts are all
   * cached starts none); RENDER_FAILED at once when Chromium or playwright-core is not installed.
   */
  static async prepare(options: RenderOptions = {}): Promise<Renderer> {
    const executable = findChromium(options.chromium);
    if (!executable) {
      throw new PithError('RENDER_FAILED', 'no Chromium found (install the chromium package or set PITH_CHROMIUM)', options.chromium ?? 'chromium');
    }
    return new Renderer(await loadPlaywright(), executable, options);
  }

  /** Chromium would not start at all (an installed browser that exits at once): no page can be drawn. */
  get unstartable(): PithError | undefined {
    return this.startFailure;
  }

  /** Starts the first browser unless one has started (then nothing): its start-up is then no page's. */
  async startOnce(): Promise<void> {
    if (!this.launched) await this.start();
  }

  private async start(): Promise<Browser> {
    if (this.startFailure) throw this.startFailure;
    try {
      this.browser = await this.playwright.chromium.launch({ executablePath: this.executable, args: LAUNCH_ARGS, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false, timeout: 30_000 });
    } catch (e) {
      const failure = new PithError('RENDER_FAILED', `Chromium did not start (${(e as Error).message.split('\n')[0]})`, this.executable);
      if (!this.launched) this.startFailure = failure;
      throw failure;
    }
    this.launched = true;
    return this.browser;
  }

  private async restart(): Promise<void> {
    const old = this.browser;
    this.browser = undefined;
    this.session = undefined;
    this.restarts++;
    if (old) {
      // A renderer stuck in a script can make a polite close hang; the process is killed after 3 s.
      await withTimeout(old.close(), 3_000, 'closing the browser').catch(() => {
        const proc = (old as unknown as { process?: () => { kill(sig: string): void } | null }).process?.();
        proc?.kill('SIGKILL');
      });
    }
  }

  /**
   * A tab ready for documents: requests blocked inside the browser (no round trip to Node per
   * image), dialogs dismissed, popups closed. Kept across pages while scripts are off (a page
   * without scripts leaves nothing behind), renewed every SESSION_PAGES pages; fresh for every
   * page when scripts run.
   */
  private async openSession(browser: Browser): Promise<RenderSession> {
    const { viewport, scripts } = this.options;
    const context = await browser.newContext({
      viewport, deviceScaleFactor: 1, javaScriptEnabled: scripts, serviceWorkers: 'block', acceptDownloads: false,
    });
    const session: RenderSession = { context, page: undefined as unknown as PwPage, frameId: '', cdp: undefined as never, pages: 0, crashed: false };
    context.on('page', (p: PwPage) => {
      if (session.page && p !== session.page) void p.close().catch(() => undefined);
    });
    const page = await context.newPage();
    session.page = page;
    page.on('dialog', (d) => void d.dismiss().catch(() => undefined));
    page.on('crash', () => {
      session.crashed = true;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: ['*'] });
    // Navigations (meta refresh, frames, scripts setting location) are cancelled, not refused:
    // a refused one would replace the page with the browser's error page.
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
    cdp.on('Fetch.requestPaused', (e) => {
      void cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'Aborted' }).catch(() => undefined);
    });
    const tree = await cdp.send('Page.getFrameTree');
    session.cdp = cdp;
    session.frameId = tree.frameTree.frame.id;
    return session;
  }

  private async closeSession(): Promise<void> {
    const s = this.session;
    this.session = undefined;
    if (s) await withTimeout(s.context.close(), 3_000, 'closing the page').catch(() => this.restart());
  }

  /** A tab for the next page: the browser started (again) when needed, the session renewed when due. */
  private async readySession(scripts: boolean): Promise<RenderSession> {
    const browser = this.browser?.isConnected() ? this.browser : await this.start();
    if (this.session && (scripts || this.session.pages >= SESSION_PAGES)) await this.closeSession();
    this.session ??= await this.openSession(browser);
    return this.session;
  }

  /** Draws one page and reads its layout; RENDER_FAILED (per page) on a hang or crash. */
  async render(input: RenderInput): Promise<PageLayout> {
    const { viewport, scripts, timeoutMs, styles } = this.options;
    try {
      // The page's limit is for drawing the page: a browser restarted after the last page's hang
      // starts (slowly, on a loaded machine) under a limit of its own.
      const s = await withTimeout(this.readySession(scripts), Math.max(timeoutMs, STARTUP_TIMEOUT_MS), 'starting Chromium');
      const work = (async () => {
        s.pages++;
        await s.cdp.send('Page.setDocumentContent', { frameId: s.frameId, html: input.html });
        // The parser may still be waiting on a (refused) stylesheet before a script: let it finish.
        while ((await s.page.evaluate(readyState)) !== 'complete') await sleep(5);
        return s.page.evaluate(collectLayout, { styles, styleProperties: STYLE_PROPERTIES });
      })();
      const collected = await withTimeout(work, timeoutMs, 'rendering the page');
      return layoutFromCollected(collected, input.tree, { hash: layoutKey(input.bytes), viewport, scripts });
    } catch (e) {
      if (e === this.startFailure) throw e;
      const crashed = this.session?.crashed === true;
      // A hung or crashed renderer may leave the browser unusable: start a new one for the next page.
      this.session = undefined;
      await this.restart();
      if (e instanceof PithError) throw e;
      const first = (e as Error).message.split('\n')[0];
      throw new PithError('RENDER_FAILED', crashed ? `the renderer crashed (${first})` : `could not render the page (${first})`);
    }
  }

  async close(): Promise<void> {
    await this.closeSession();
    const b = this.browser;
    this.browser = undefined;
    if (b) await withTimeout(b.close(), 5_000, 'closing the browser').catch(() => undefined);
  }
}
