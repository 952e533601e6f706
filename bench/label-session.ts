/**
 * A scripted labelling session in headless Chromium: label N readability-test-pages pages
 * until the saved labels equal their aligned gold ("truth"), once starting from nothing
 * (every block `other`) and once starting from pre-labels, and report actions and seconds
 * per page. An action is one click or one key press, as a person would make them; the
 * script plays an efficient person: it selects each run of wrong blocks (click, shift+click)
 * and types the label, then saves (s) and moves on (n).
 *
 *   node /tmp/build-annotate/bench/label-session.js [--pages 10] [--model model.json]
 *
 * Pre-labels come from --model when given, else from a stand-in tag-rule labeller (h1 title,
 * h2-h6 heading, p/li body), named as such in the output. Reads ../shared/corpora in place.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCorpus, loadCorpusPage, goldBlockLabels, labelsFromAnnotations } from '../src/corpus/index.js';
import { addPithPage, createPithCorpus, readPageLabels } from '../src/corpus/pith-format.js';
import { Workspace } from '../src/annotate/workspace.js';
import { startLabelServer } from '../src/annotate/server.js';
import type { Predictor } from '../src/annotate/predictor.js';
import { loadModelPredictor } from '../src/annotate/model-predictor.js';
import { loadPage } from '../src/page.js';
import { LABELS, type GoldLabel, type Label } from '../src/labels.js';

const KEY: Record<string, string> = { title: 't', heading: 'h', body: 'b', other: 'o' };
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const tagRules: Predictor = {
  name: 'stand-in tag rules (no model given)',
  predict(page) {
    const labels: Label[] = page.blocks.map((b) => {
      const tags = b.tagPath.split('/');
      const tag = tags[tags.length - 1] ?? '';
      if (b.linkChars > b.text.length / 2) return 'other';
      if (tag === 'h1') return 'title';
      if (/^h[2-6]$/.test(tag)) return 'heading';
      if (tag === 'p' || tags.includes('p') || tag === 'li' || tag === 'blockquote') return 'body';
      return 'other';
    });
    return { labels, probs: labels.map((l) => LABELS.map((x) => (x === l ? 0.7 : 0.1))) };
  },
};

interface PageResult { readonly id: string; readonly blocks: number; readonly actions: number; readonly seconds: number; readonly correct: boolean }

async function session(truth: Map<string, GoldLabel[]>, corpusDir: string, predictor: Predictor | undefined): Promise<PageResult[]> {
  const pw = await import('playwright-core');
  const srv = await startLabelServer(await Workspace.open(corpusDir, predictor ? { predictor } : {}));
  const browser = await pw.chromium.launch({ executablePath: process.env['PITH_CHROMIUM'] ?? '/usr/bin/chromium', args: ARGS });
  const out: PageResult[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(srv.url);
    await page.waitForSelector('body[data-ready]');
    const snap = () => page.evaluate(() => (window as any).pithApp.snapshot()) as Promise<{ id: string; labels: GoldLabel[]; order: string[] }>;
    const order = (await snap()).order;
    for (let k = 0; k < order.length; k++) {
      const t0 = Date.now();
      let actions = 0;
      const s = await snap();
      const want = truth.get(s.id)!;
      // Runs of consecutive blocks to set to one label; blocks already right (or unknown in the
      // truth) may be swept into a run, as a person dragging over them would.
      let i = 0;
      while (i < want.length) {
        const target = want[i];
        if (target === 'unknown' || target === s.labels[i]) {
          i++;
          continue;
        }
        let j = i;
        while (j + 1 < want.length && (want[j + 1] === target || want[j + 1] === 'unknown') && (want[j + 1] === target || s.labels[j + 1] === target)) j++;
        while (j > i && want[j] !== target) j--;
        await page.click(`#blocks li[data-i="${i}"]`);
        actions++;
        if (j > i) {
          await page.click(`#blocks li[data-i="${j}"]`, { modifiers: ['Shift'] });
          actions++;
        }
        await page.keyboard.press(KEY[target as Label]!);
        actions++;
        i = j + 1;
      }
      await page.keyboard.press('s');
      actions++;
      await page.waitForFunction(() => (window as any).pithApp.snapshot().state === 'saved');
      const seconds = (Date.now() - t0) / 1000;
      const saved = await readPageLabels(corpusDir, s.id);
      const bytes = new Uint8Array(await readFile(join(corpusDir, 'pages', `${s.id}.html`)));
      const got = saved ? labelsFromAnnotations(loadPage(bytes, { id: s.id }), saved.annotations, saved.partial === true) : [];
      const correct = want.every((w, x) => w === 'unknown' || w === got[x]);
      out.push({ id: s.id, blocks: want.length, actions, seconds, correct });
      if (k + 1 < order.length) {
        await page.keyboard.press('n');
        await page.waitForSelector(`body[data-ready="${order[k + 1]}"]`);
      }
    }
  } finally {
    await browser.close();
    await srv.close();
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string' }, model: { type: 'string' } } });
  const n = Number(values.pages ?? 10);
  const src = join(process.cwd(), '..', 'shared', 'corpora', 'readability-test-pages');
  if (!existsSync(src)) {
    console.log(`skipped: ${src} not found`);
    return;
  }
  const corpus = await openCorpus(src);
  const pages = corpus.pages.slice(0, n);
  const truth = new Map<string, GoldLabel[]>();
  const predictor = values.model ? await loadModelPredictor(values.model) : tagRules;
  const rows: string[] = [];
  for (const mode of ['from scratch', 'pre-labelled'] as const) {
    const dir = await mkdtemp(join(tmpdir(), 'pith-label-bench-'));
    try {
      await createPithCorpus(dir, { name: 'bench', use: 'train' });
      for (const p of pages) {
        const page = await loadCorpusPage(corpus, p);
        const id = p.id.replace(/[^A-Za-z0-9._-]/g, '-');
        truth.set(id, goldBlockLabels(page, p.gold));
        await addPithPage(dir, id, new Uint8Array(await readFile(p.htmlPath)));
      }
      const res = await session(truth, dir, mode === 'pre-labelled' ? predictor : undefined);
      const acts = res.reduce((a, r) => a + r.actions, 0);
      const secs = res.reduce((a, r) => a + r.seconds, 0);
      const blocks = res.reduce((a, r) => a + r.blocks, 0);
      rows.push(`| ${mode}${mode === 'pre-labelled' ? ` (${predictor.name})` : ''} | ${res.length} | ${(blocks / res.length).toFixed(0)} | ${(acts / res.length).toFixed(1)} | ${(secs / res.length).toFixed(2)} | ${res.filter((r) => r.correct).length}/${res.length} |`);
      for (const r of res) console.error(`${mode}\t${r.id}\tblocks ${r.blocks}\tactions ${r.actions}\t${r.seconds.toFixed(2)} s\t${r.correct ? 'ok' : 'MISMATCH'}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  console.log('| session | pages | blocks/page | actions/page | seconds/page (scripted) | pages equal to gold |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
