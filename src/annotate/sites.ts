/**
 * "Learn this site" in the annotation tool (wrapper induction with its feedback loop): the corpus's
 * pages grouped by site (URL host), a wrapper learned from a host's labelled pages, the
 * wrapper's extraction on the host's other pages, and corrections fed back. A correction is
 * stored as the page's labels (what the page showed, the corrected blocks changed), then the
 * site is learned again from all its labelled pages, so `pith train <corpus> --model wrapper`
 * gives the same rules from the same labels. Induction takes milliseconds: it runs inline,
 * one learn at a time per workspace.
 */
import { exclusiveRunner } from '../util/exclusive.js';
import { PithError } from '../errors.js';
import { isLabel, type GoldLabel, type Label } from '../labels.js';
import { labelsFromAnnotations } from '../corpus/annotations.js';
import { refineSiteModel, ruleKey, trainSiteModel, type LabelledPage, type SkippedTrainingPage } from '../wrapper/index.js';
import { readLabelsTolerant } from './corpus-files.js';
import { hostOf, type Workspace } from './workspace.js';
import type { ApiSite, ApiSitePage, CorrectReply, LearnReply, SiteReply } from './api-types.js';

/** Labelled pages of a host from which the app offers "learn this site" (wrapper induction: two examples). */
export const LEARN_FROM_PAGES = 2;

/** Runs `fn` after every learn or correction of this workspace already started. */
const exclusive = exclusiveRunner<Workspace>();

/** Every host of the corpus with its page counts and whether it is learned. */
export async function listSites(ws: Workspace): Promise<ApiSite[]> {
  const by = new Map<string, { pages: number; labelled: number }>();
  for (const p of await ws.sitePages()) {
    if (!p.host) continue;
    let s = by.get(p.host);
    if (!s) by.set(p.host, (s = { pages: 0, labelled: 0 }));
    s.pages++;
    if (p.revision > 0) s.labelled++;
  }
  const out: ApiSite[] = [];
  for (const [host, s] of [...by].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const loaded = await ws.sites.get(host);
    out.push({ host, pages: s.pages, labelled: s.labelled, rules: loaded ? loaded.model.body.rules.length : null });
  }
  return out;
}

async function pagesOf(ws: Workspace, host: string): Promise<{ id: string; url: string | undefined; revision: number }[]> {
  const pages = (await ws.sitePages()).filter((p) => p.host === host);
  if (pages.length === 0) throw new PithError('NOT_FOUND', `no page of site '${host}' in this corpus`, ws.dir);
  return pages;
}

/** The host's labelled pages as the wrapper learns from them: a person's block labels (exact). */
async function labelledPages(ws: Workspace, host: string): Promise<{ pages: LabelledPage[]; skipped: SkippedTrainingPage[] }> {
  const pages: LabelledPage[] = [];
  const skipped: SkippedTrainingPage[] = [];
  for (const p of await pagesOf(ws, host)) {
    if (p.revision === 0) continue;
    const r = await readLabelsTolerant(ws.dir, p.id);
    if (!r.labels) {
      skipped.push({ id: p.id, reason: r.problem ? `${r.problem.file} is unreadable (${r.problem.reason})` : 'no labels' });
      continue;
    }
    try {
      const page = await ws.page(p.id);
      pages.push({ id: p.id, page, labels: labelsFromAnnotations(page, r.labels.annotations, r.labels.partial === true), found: 1, exact: true });
    } catch (e) {
      skipped.push({ id: p.id, reason: `cannot load (${(e as Error).message})` });
    }
  }
  return { pages, skipped };
}

const count = (labels: readonly GoldLabel[], l: Label): number => labels.reduce((a, x) => a + (x === l ? 1 : 0), 0);

/** The host's learned model and its pages: saved labels for labelled pages, the wrapper's extraction for the others. */
export async function siteReport(ws: Workspace, host: string): Promise<SiteReply> {
  const listed = await pagesOf(ws, host);
  const loaded = await ws.sites.get(host);
  const problem = loaded ? undefined : await ws.sites.problem(host);
  const pages: ApiSitePage[] = [];
  for (const p of listed) {
    let labels: readonly GoldLabel[] | undefined;
    let wrapper: Label[] | null = null;
    let recognised = false;
    try {
      const page = await ws.page(p.id);
      const ruled = loaded?.model.ruleLabels(page);
      recognised = ruled?.recognised ?? false;
      if (p.revision > 0) {
        const r = await readLabelsTolerant(ws.dir, p.id);
        if (r.labels) labels = labelsFromAnnotations(page, r.labels.annotations, r.labels.partial === true);
      } else if (ruled) {
        wrapper = ruled.labels;
        labels = ruled.labels;
      }
    } catch {
      // an unloadable page: listed with nothing extracted (the queue says why)
    }
    pages.push({
      id: p.id, ...(p.url ? { url: p.url } : {}), labelled: p.revision > 0, recognised,
      title: labels ? count(labels, 'title') : 0, heading: labels ? count(labels, 'heading') : 0, body: labels ? count(labels, 'body') : 0,
      labels: wrapper,
    });
  }
  return {
    host, pages, ...(problem ? { problem } : {}),
    model: loaded ? {
      rules: loaded.model.body.rules.map(ruleKey), notes: loaded.model.body.notes, pages: loaded.stored.pages, createdAt: loaded.stored.createdAt, file: loaded.file,
    } : null,
  };
}

/** Learns the host's wrapper from its labelled pages and stores it (`<corpus>/sites/<host>.wrapper.json`). */
export function learnSite(ws: Workspace, host: string): Promise<LearnReply> {
  return exclusive(ws, async () => {
    const { pages, skipped } = await labelledPages(ws, host);
    if (pages.length === 0) throw new PithError('BAD_OPTION', `no labelled page of ${host} yet: label and save ${LEARN_FROM_PAGES} pages first`);
    const t = trainSiteModel(host, pages, {}, skipped);
    if (t.used.length === 0) {
      throw new PithError('BAD_OPTION', `no labelled page of ${host} can teach the wrapper: ${t.skipped.map((s) => `${s.id}: ${s.reason}`).join('; ')}`);
    }
    const stored = await ws.sites.save(t.model, t.used);
    const rules = t.model.body.rules.length;
    return {
      message: `learned ${host}: ${rules} rule(s) from ${t.used.length} labelled page(s) in ${t.induceMs.toFixed(1)} ms -> ${stored.file}`,
      ms: +t.induceMs.toFixed(2), skipped: t.skipped, site: await siteReport(ws, host),
    };
  });
}

/** Checks a correction's body; returns the blocks and label. */
export function checkCorrection(body: unknown): { blocks: number[]; label: Label; baseRevision: number } {
  const b = body as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null || !Array.isArray(b['blocks']) || !isLabel(b['label']) || !Number.isInteger(b['baseRevision'])) {
    throw new PithError('BAD_OPTION', 'expected {"blocks": [block indices], "label": "title"|"heading"|"body"|"other", "baseRevision": n}');
  }
  const blocks = b['blocks'] as unknown[];
  if (blocks.length === 0 || blocks.length > 100_000 || !blocks.every((x) => Number.isInteger(x) && (x as number) >= 0)) {
    throw new PithError('BAD_OPTION', 'blocks must be a non-empty list of block indices');
  }
  return { blocks: blocks as number[], label: b['label'] as Label, baseRevision: b['baseRevision'] as number };
}

/**
 * Feeds a correction back (wrapper induction phase 4): stores the page's labels (what it showed, the
 * blocks relabelled) as revision `baseRevision + 1` (CONFLICT when someone saved in between:
 * nothing is relearned then), relearns the host's wrapper from all its labelled pages and
 * stores it. Throws BAD_OPTION when the page's site is not learned.
 */
export function correctPage(ws: Workspace, id: string, blocks: readonly number[], label: Label, baseRevision: number): Promise<CorrectReply> {
  return exclusive(ws, async () => {
    const page = await ws.page(id);
    const host = hostOf(page.url);
    if (!host) throw new PithError('BAD_OPTION', `page '${id}' has no URL, so no site: label it as usual`);
    const loaded = await ws.sites.get(host);
    if (!loaded) throw new PithError('BAD_OPTION', `${host} is not learned yet: learn this site first`);
    if (blocks.some((i) => i >= page.blocks.length)) throw new PithError('BAD_OPTION', `the page has ${page.blocks.length} blocks`);
    const shown = await ws.view(id);
    const { pages } = await labelledPages(ws, host);
    const r = refineSiteModel(loaded.model, pages, { id, page, blocks, label, base: shown.blocks.map((b) => b.label) });
    const save = await ws.save(id, r.page.labels, baseRevision);
    const t = r.training;
    if (t.used.length > 0) await ws.sites.save(t.model, t.used);
    const what = r.kind === 'false-positive' ? 'the rule that took it was specialised'
      : r.kind === 'false-negative' ? 'a rule was generalised or added' : r.kind === 'relabel' ? 'relabelled' : 'nothing to change';
    const message = `${blocks.length} block(s) -> ${label} on ${id}: ${what}; ${host} relearned from ${t.used.length} page(s), ` +
      `${r.added.length} rule(s) added, ${r.removed.length} removed${r.fixed ? '' : ' (the rules still disagree on this page: its saved labels are what counts for training)'}`;
    return {
      labels: r.page.labels, revision: save.revision, flags: save.flags, kind: r.kind, fixed: r.fixed, added: r.added, removed: r.removed,
      message, site: await siteReport(ws, host),
    };
  });
}
