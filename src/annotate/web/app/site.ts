/**
 * "Learn this site" (wrapper induction's wrapper and its feedback loop): once `learnFrom` pages of the
 * current page's host are labelled and saved, the toolbar offers to learn the site; the
 * learned wrapper then labels the host's other pages (they open showing its extraction, and
 * the site pane lists them with how many blocks it keeps as body), and in correct mode a label
 * given on a page of the host is fed back (`POST /api/pages/:id/correct`): the page is saved
 * with the correction, the rules are learned again and the view shows what they say now.
 */
import type { ApiGoldLabel, ConflictReply, CorrectReply, LearnReply, SiteReply, SitesReply } from '../../api-types.js';
import { api, errorOf } from './api.js';
import { paint, setLabelHook } from './labels.js';
import { openPage } from './page.js';
import { loadQueue } from './queue.js';
import { save } from './save.js';
import { select, showSelection } from './selection.js';
import { onEvent, S } from './state.js';
import { $, message, renderFlags, setState } from './ui.js';

/** The current page's site as `/api/sites` lists it. */
function currentSite(): SitesReply['sites'][number] | undefined {
  const host = S.page && S.page.host;
  return host ? S.sites.find((s) => s.host === host) : undefined;
}

/** Shows or hides "learn this site" and the correct switch for the current page's host. */
export function updateSiteTools(): void {
  const site = currentSite();
  const canLearn = !!site && site.labelled >= S.learnFrom;
  const learned = !!site && site.rules !== null;
  const button = $<HTMLButtonElement>('learn-site');
  button.hidden = !canLearn;
  button.textContent = (learned ? 'relearn this site' : 'learn this site') + (site ? ' (' + site.host + ')' : '');
  button.title = site ? 'learn extraction rules for ' + site.host + ' from its ' + site.labelled + ' labelled page(s) (wrapper induction)' : '';
  $('correct-tool').hidden = !learned;
  const src = $('source');
  src.textContent = S.page && S.page.source === 'wrapper' ? "the wrapper's extraction" : '';
  if (S.site && (!site || S.site.host !== site.host)) hideSitePane();
  else if (learned && (!S.site || S.site.host !== site.host)) void showSite(site.host);
  else if (S.site) renderSitePane(S.site);
}

export function loadSites(): Promise<void> {
  return api<SitesReply>('GET', '/api/sites').then((r) => {
    if (!r.ok) return;
    S.sites = r.data.sites.slice();
    S.learnFrom = r.data.learnFrom;
    updateSiteTools();
  });
}

function showSite(host: string): Promise<void> {
  return api<SiteReply>('GET', '/api/sites/' + encodeURIComponent(host)).then((r) => {
    if (r.ok) renderSitePane(r.data);
  });
}

function hideSitePane(): void {
  S.site = null;
  $('site-pane').hidden = true;
}

/** The site pane: its rules and its pages, each with what is kept as body (saved labels, else the wrapper's). */
export function renderSitePane(site: SiteReply): void {
  S.site = site;
  $('site-pane').hidden = false;
  $('site-host').textContent = site.host;
  const rules = $('site-rules');
  rules.textContent = site.model ? site.model.rules.length + ' rule(s) from ' + site.model.pages.length + ' page(s)' : site.problem || 'not learned';
  rules.title = site.model ? site.model.rules.join('\n') : '';
  const ol = $('site-pages');
  ol.textContent = '';
  for (const p of site.pages) {
    const li = document.createElement('li');
    li.dataset['id'] = p.id;
    li.dataset['body'] = String(p.body);
    li.dataset['source'] = p.labelled ? 'saved' : p.recognised ? 'wrapper' : 'unrecognised';
    if (S.page && S.page.id === p.id) li.className = 'current';
    const name = document.createElement('div');
    name.textContent = (p.labelled ? '✓ ' : '') + p.id;
    li.appendChild(name);
    const meta = document.createElement('div');
    meta.className = 'meta';
    meta.textContent = p.body + ' body · ' + (p.title ? 'title' : 'no title') + ' · ' + (p.labelled ? 'labelled' : p.recognised ? 'wrapper' : 'not recognised (general model)');
    li.appendChild(meta);
    li.addEventListener('click', () => void openPage(p.id));
    ol.appendChild(li);
  }
}

/** Learns the current page's site, then opens the first of its pages not labelled yet, as the wrapper labels it. */
export function learnSite(): void {
  const site = currentSite();
  if (!site) return;
  message('learning ' + site.host + '…');
  const go = (): void => {
    void api<LearnReply>('POST', '/api/sites/' + encodeURIComponent(site.host) + '/learn', {}).then((r) => {
      if (!r.ok) {
        message('learn failed: ' + (errorOf(r.data) || 'HTTP ' + r.status));
        return;
      }
      message(r.data.message);
      const rules = r.data.site.model ? r.data.site.model.rules.length : null;
      S.sites = S.sites.map((x) => (x.host === site.host ? { ...x, rules } : x));
      $<HTMLInputElement>('correct').checked = true;
      renderSitePane(r.data.site);
      void loadSites();
      void loadQueue(false).then(() => {
        const next = r.data.site.pages.find((p) => !p.labelled && p.recognised);
        if (next) void openPage(next.id);
        else if (S.page) void openPage(S.page.id);
      });
    });
  };
  if (S.state === 'unsaved') void save().then((ok) => (ok ? go() : message('not learning: the page is not saved')));
  else go();
}

/** In correct mode, on a page of a learned site: the label is fed back to the rules. */
function correctHook(label: ApiGoldLabel, r: [number, number], stay: boolean): boolean {
  const site = currentSite();
  if (!$<HTMLInputElement>('correct').checked || !S.page || !site || site.rules === null || label === 'unknown') return false;
  const id = S.page.id;
  const blocks: number[] = [];
  for (let i = r[0]; i <= r[1]; i++) blocks.push(i);
  const send = (): void => {
    setState('saving');
    void api<CorrectReply, ConflictReply>('POST', '/api/pages/' + encodeURIComponent(id) + '/correct', { blocks, label, baseRevision: S.revision }).then((res) => {
      if (!S.page || S.page.id !== id) return;
      if (!res.ok) {
        if (res.status === 409 && res.data) {
          setState('conflict', 'saved elsewhere as revision ' + res.data.revision);
          S.conflictRevision = res.data.revision;
          $('conflict-text').textContent = 'This page was saved by someone else (revision ' + res.data.revision + '): the correction was not applied. Reload the saved labels.';
          $('conflict').hidden = false;
        } else {
          setState('error', errorOf(res.data) || 'HTTP ' + res.status);
        }
        return;
      }
      const d = res.data;
      S.labels = d.labels.slice();
      S.revision = d.revision;
      S.undo = [];
      S.redo = [];
      S.edits = 0;
      S.savedEdits = 0;
      for (let i = 0; i < S.labels.length; i++) paint(i);
      setState('saved');
      renderFlags(d.flags);
      message(d.message);
      renderSitePane(d.site);
      void loadSites();
      void loadQueue(false);
      if (!stay && r[1] + 1 < S.labels.length) select(r[1] + 1, false);
      else showSelection(false);
    });
  };
  // Unsaved edits of this page first, so the correction starts from what is shown.
  if (S.state === 'unsaved') void save().then((ok) => (ok ? send() : message('not corrected: the page is not saved')));
  else send();
  return true;
}

export function initSite(): void {
  setLabelHook(correctHook);
  $('learn-site').addEventListener('click', learnSite);
  onEvent('page-opened', updateSiteTools);
  onEvent('saved', () => void loadSites());
  void loadSites();
}
