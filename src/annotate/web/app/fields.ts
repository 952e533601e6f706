/**
 * Field mode (named fields by example, wrapper induction with its feedback loop): select a value on
 * the page (click its block; shift+click or drag for a value over several blocks, `e` for a
 * subtree), name the field, **add value**; after an example or two on one or two pages the
 * server's induced rules extract the field everywhere, and every value they find on the page
 * shown is highlighted (`data-pith-field` in the frame, the field pane lists them). A wrong
 * highlighted value: select it, **wrong**; the right one: select it, **add value**. Each
 * change becomes the page's example and the rules are induced again. **save fields** writes
 * the corpus's `fields/<id>.json` files.
 */
import type { FieldChangeReply, FieldPreviewReply, FieldSaveReply } from '../../api-types.js';
import { api, errorOf } from './api.js';
import { onEvent, range, S } from './state.js';
import { $, message } from './ui.js';

let preview: FieldPreviewReply | null = null;
/** The marked element last clicked in the frame: within a block of several values (inline spans), the one pointed at. */
let picked: Element | null = null;

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The field mode's last preview (for the app's snapshot). */
export function fieldPreviewShown(): FieldPreviewReply | null {
  return preview;
}

function on(): boolean {
  return $<HTMLInputElement>('field-mode').checked;
}

function fieldName(): string {
  return $<HTMLInputElement>('field-name').value.trim();
}

/** An element's text as the page shows it; for one without text (an image), its alt or title, a value the rules may read from that attribute. */
function shownText(el: Element): string {
  return squash(el.textContent || '') || squash(el.getAttribute('alt') || el.getAttribute('title') || '');
}

/** The selected blocks' text as the page shows it (the frame's marked elements, not the list's shortened text). */
function selectedValue(): { text: string; blocks: number[] } | null {
  const r = range();
  if (!r) return null;
  if (r[0] === r[1] && picked && Number(picked.getAttribute('data-pith-b')) === r[0]) {
    const text = squash(picked.textContent || '');
    if (text) return { text, blocks: [r[0]] };
  }
  const blocks: number[] = [];
  const parts: string[] = [];
  for (let i = r[0]; i <= r[1]; i++) {
    blocks.push(i);
    for (const el of S.marks[i] || []) parts.push(shownText(el));
  }
  const text = squash(parts.join(' '));
  return text ? { text, blocks } : null;
}

function clearHighlights(): void {
  if (!S.doc) return;
  const old = S.doc.querySelectorAll('[data-pith-field]');
  for (let i = 0; i < old.length; i++) {
    old[i]!.removeAttribute('data-pith-field');
    old[i]!.removeAttribute('data-pith-example');
  }
}

/** Marks every value the rules extract on the page, and lists them in the field pane. */
function render(): void {
  clearHighlights();
  const pane = $('field-pane');
  pane.hidden = !on();
  const list = $('field-values');
  list.textContent = '';
  if (!on() || !preview || !S.page || preview.id !== S.page.id) return;
  for (const [field, values] of Object.entries(preview.extracted)) {
    for (const v of values) {
      for (const b of v.blocks) {
        // A block may hold several values (inline spans): only its marks showing this value, where some do.
        const marks = S.marks[b] || [];
        const showing = marks.filter((el) => squash(el.textContent || '').indexOf(v.value) >= 0);
        for (const el of showing.length > 0 ? showing : marks) {
          el.setAttribute('data-pith-field', field);
          if (v.example) el.setAttribute('data-pith-example', '');
        }
      }
      const li = document.createElement('li');
      li.dataset['field'] = field;
      li.dataset['value'] = v.value;
      if (v.example) li.classList.add('example');
      li.textContent = field + ': ' + v.value;
      li.title = 'confidence ' + v.confidence + (v.example ? ' (an example)' : '') + '\nrules: ' + (preview.rules[field] || []).join('\n');
      list.appendChild(li);
    }
  }
  $('field-pages').textContent = (preview.pages.length ? 'examples on ' + preview.pages.join(', ') : 'no example yet')
    + (preview.records.length ? '; ' + preview.records.length + ' record(s) on this page' : '');
  $<HTMLButtonElement>('field-save').disabled = preview.saved;
}

async function load(): Promise<void> {
  if (!on() || !S.page) return;
  const id = S.page.id;
  const r = await api<FieldPreviewReply>('GET', '/api/pages/' + encodeURIComponent(id) + '/fields');
  if (!r.ok) {
    message(errorOf(r.data) || 'cannot read the fields of ' + id);
    return;
  }
  if (!S.page || S.page.id !== id) return;
  preview = r.data;
  render();
  document.body.dataset['fields'] = String(++fieldsShown);
}

/** Counts previews shown: tests wait for the next one (`body[data-fields]`). */
let fieldsShown = 0;

function changed(r: { ok: boolean; data: FieldChangeReply | unknown }): void {
  if (!r.ok) {
    message(errorOf(r.data) || 'the change was refused');
    return;
  }
  const reply = r.data as FieldChangeReply;
  preview = reply.preview;
  message(reply.message);
  render();
  document.body.dataset['fields'] = String(++fieldsShown);
}

/** The selection is a value of the named field: added to the page's examples. */
async function addValue(): Promise<void> {
  const field = fieldName();
  const v = selectedValue();
  if (!S.page || !field || !v) {
    message(!field ? 'name the field first' : 'select the value on the page first');
    return;
  }
  const given = (preview && preview.id === S.page.id && preview.examples[field]) || [];
  const values = given.indexOf(v.text) >= 0 ? given : given.concat([v.text]);
  changed(await api<FieldChangeReply>('PUT', '/api/pages/' + encodeURIComponent(S.page.id) + '/fields', { field, values }));
}

/** The selection is a highlighted value the rules took wrongly: fed back as a correction. */
async function markWrong(): Promise<void> {
  const r = range();
  if (!S.page || !preview || !r) return;
  for (const [field, values] of Object.entries(preview.extracted)) {
    const inRange = values.filter((v) => v.blocks.some((b) => b >= r[0] && b <= r[1]));
    const pointed = picked ? squash(picked.textContent || '') : '';
    const hit = inRange.find((v) => pointed.indexOf(v.value) >= 0) || inRange[0];
    if (hit) {
      changed(await api<FieldChangeReply>('POST', '/api/pages/' + encodeURIComponent(S.page.id) + '/fields/correct', { field, wrong: hit.value }));
      return;
    }
  }
  message('the selection is no highlighted value');
}

async function saveFields(): Promise<void> {
  const r = await api<FieldSaveReply>('POST', '/api/fields/save', {});
  if (!r.ok) {
    message(errorOf(r.data) || 'saving the fields failed');
    return;
  }
  message(r.data.message);
  if (preview) preview = { ...preview, saved: true };
  render();
  document.body.dataset['fieldsSaved'] = String(r.data.written.length);
}

export function initFields(): void {
  $('field-mode').addEventListener('change', () => {
    render();
    void load();
  });
  $('field-add').addEventListener('click', () => void addValue());
  $('field-wrong').addEventListener('click', () => void markWrong());
  $('field-save').addEventListener('click', () => void saveFields());
  onEvent('page-opened', () => {
    preview = null;
    render();
  });
  onEvent('frame-loaded', () => {
    picked = null;
    if (S.doc) {
      S.doc.addEventListener('mousedown', (e) => {
        const t = e.target as Node | null;
        const el = t && t.nodeType === 1 ? (t as Element) : t ? t.parentElement : null;
        picked = el ? el.closest('[data-pith-b]') : null;
      }, true);
    }
    void load();
  });
}
