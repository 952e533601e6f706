/**
 * The app's script, served as /app.js (the app's CSP forbids inline script). It runs in the
 * app's origin only; the page is shown in `<iframe sandbox="allow-same-origin">` without
 * `allow-scripts`, so the page's own code never runs, while this script, being same-origin
 * with the frame, reads and marks the frame's DOM (outlines, selection) and listens to its
 * mouse and key events. Plain browser JavaScript kept in a string so no bundler is needed;
 * the tests check that it parses (`node --check`).
 */
export const APP_JS = String.raw`(function () {
'use strict';
var LABELS = ['title', 'heading', 'body', 'other'];
var KEY_LABEL = { t: 'title', h: 'heading', b: 'body', o: 'other', '1': 'title', '2': 'heading', '3': 'body', '4': 'other', x: 'unknown' };
var LOW = 0.6;
var S = {
  order: [], queue: {}, page: null, labels: [], revision: 0, state: 'saved', edits: 0, savedEdits: 0,
  sel: null, undo: [], redo: [], marks: [], doc: null, pickEl: null, pickStack: [], drag: null, shown: [], retrain: false, limits: {}
};
function $(id) { return document.getElementById(id); }

// The session token: handed over once in the page served for the printed URL, then kept in
// sessionStorage (this origin's alone, never sent anywhere by the browser) and sent in the
// X-Pith-Token header. No cookie: cookies would reach every other port of 127.0.0.1.
var TOKEN = (function () {
  var meta = document.querySelector('meta[name="pith-token"]');
  var t = meta && meta.getAttribute('content');
  if (meta) meta.remove();
  try {
    if (t) sessionStorage.setItem('pith-token', t); else t = sessionStorage.getItem('pith-token');
  } catch (e) { /* storage off: the token lives as long as this page */ }
  if (/[?&]token=/.test(location.search)) history.replaceState(null, '', '/' + location.hash);
  return t || '';
})();

function api(method, path, body) {
  var init = { method: method, credentials: 'omit', headers: { 'x-pith-token': TOKEN } };
  if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = typeof body === 'string' ? body : JSON.stringify(body); }
  return fetch(path, init).then(function (r) {
    return r.text().then(function (t) {
      var data = null;
      try { data = t ? JSON.parse(t) : null; } catch (e) { data = { error: t }; }
      return { status: r.status, ok: r.ok, data: data };
    });
  });
}

var msgTimer = 0;
function message(text) {
  var m = $('message');
  m.textContent = text;
  m.classList.add('show');
  clearTimeout(msgTimer);
  msgTimer = setTimeout(function () { m.classList.remove('show'); }, 3500);
}

function setState(st, detail) {
  S.state = st;
  var el = $('state');
  el.dataset.state = st;
  var text = {
    saved: 'saved (revision ' + S.revision + ')', new: 'not saved yet', unsaved: 'unsaved changes',
    saving: 'saving…', conflict: 'conflict', error: 'save failed'
  }[st] || st;
  el.textContent = detail ? text + ': ' + detail : text;
  document.title = (st === 'unsaved' ? '* ' : '') + 'pith label' + (S.page ? ' – ' + S.page.id : '');
}

// ---- queue -------------------------------------------------------------------------------
function loadQueue(reorder) {
  return api('GET', '/api/queue').then(function (r) {
    if (!r.ok) { message(r.data && r.data.error || 'cannot load the queue'); return; }
    $('corpus').textContent = r.data.corpus;
    S.limits = r.data.limits || {};
    renderWarnings(r.data.unreadable || []);
    $('model').textContent = r.data.model ? '· ' + r.data.model : '· no model';
    S.retrain = r.data.retrain;
    S.queue = {};
    r.data.pages.forEach(function (p) { S.queue[p.id] = p; });
    // The navigation order is fixed when first loaded (or after retrain/import): saving a page
    // must not reshuffle what "next" means.
    if (reorder || S.order.length === 0) S.order = r.data.pages.map(function (p) { return p.id; });
    else r.data.pages.forEach(function (p) { if (S.order.indexOf(p.id) < 0) S.order.push(p.id); });
    renderQueue();
  });
}

function renderWarnings(list) {
  var w = $('warnings');
  w.hidden = list.length === 0;
  w.textContent = list.length === 0 ? '' : list.length + ' unreadable file(s) left out: ' +
    list.map(function (p) { return p.file + ' (' + p.reason + ')'; }).join('; ');
}

function renderQueue() {
  var ol = $('queue');
  ol.textContent = '';
  S.order.forEach(function (id) {
    var p = S.queue[id];
    if (!p) return;
    var li = document.createElement('li');
    li.dataset.id = id;
    if (S.page && S.page.id === id) li.className = 'current';
    var name = document.createElement('div');
    name.textContent = (p.revision > 0 ? '✓ ' : '') + id;
    li.appendChild(name);
    var meta = document.createElement('div');
    meta.className = 'meta';
    (p.flags || []).forEach(function (f) {
      var s = document.createElement('span');
      s.className = 'flag';
      s.textContent = f.check;
      s.title = f.message;
      meta.appendChild(s);
    });
    var info = p.error ? 'error: ' + p.error : (p.confidence != null ? 'conf ' + p.confidence.toFixed(2) + ' · ' : '') + p.blocks + ' blocks · ' + p.source;
    meta.appendChild(document.createTextNode(info));
    li.appendChild(meta);
    li.addEventListener('click', function () { openPage(id); });
    ol.appendChild(li);
  });
}

// ---- page --------------------------------------------------------------------------------
function openPage(id) {
  var go = function () {
    return api('GET', '/api/pages/' + encodeURIComponent(id)).then(function (r) {
      if (!r.ok) { message(r.data && r.data.error || 'cannot open ' + id); return; }
      var v = r.data;
      S.page = v;
      S.labels = v.blocks.map(function (b) { return b.label; });
      S.revision = v.revision;
      S.undo = []; S.redo = []; S.edits = 0; S.savedEdits = 0;
      S.sel = v.blocks.length ? { a: 0, f: 0 } : null;
      S.pickEl = null; S.pickStack = []; S.shown = [];
      $('conflict').hidden = true;
      $('page-id').textContent = v.id + (v.url ? ' · ' + v.url : '');
      setState(v.revision > 0 ? 'saved' : 'new');
      renderFlags(v.flags);
      renderBlockList();
      renderQueue();
      if (location.hash !== '#' + encodeURIComponent(id)) history.replaceState(null, '', '#' + encodeURIComponent(id));
      var frame = $('frame');
      S.doc = null;
      frame.src = v.frame;
    });
  };
  if (S.state === 'unsaved') {
    return save().then(function (ok) { if (ok) return go(); message('not leaving: the page is not saved'); });
  }
  return go();
}

function frameLoaded() {
  var doc = $('frame').contentDocument;
  if (!doc || !S.page) return;
  S.doc = doc;
  S.marks = [];
  var els = doc.querySelectorAll('[data-pith-b]');
  for (var i = 0; i < els.length; i++) {
    var k = +els[i].getAttribute('data-pith-b');
    (S.marks[k] || (S.marks[k] = [])).push(els[i]);
  }
  for (var b = 0; b < S.labels.length; b++) paint(b);
  doc.addEventListener('mousedown', onMouseDown, true);
  doc.addEventListener('mouseover', onMouseOver, true);
  doc.addEventListener('mouseup', onMouseUp, true);
  doc.addEventListener('click', function (e) { e.preventDefault(); e.stopPropagation(); }, true);
  doc.addEventListener('submit', function (e) { e.preventDefault(); }, true);
  doc.addEventListener('keydown', onKey, true);
  showSelection(false);
  document.body.dataset.ready = S.page.id;
}

function paint(i) {
  var els = S.marks[i];
  var blk = S.page.blocks[i];
  if (els) {
    for (var k = 0; k < els.length; k++) {
      els[k].setAttribute('data-pith-label', S.labels[i]);
      if (blk && blk.conf != null && blk.conf < LOW) els[k].setAttribute('data-pith-low', '');
    }
  }
  var li = $('blocks').children[i];
  if (li) {
    li.dataset.label = S.labels[i];
    li.querySelector('.lab').textContent = S.labels[i];
  }
}

function renderFlags(flags) {
  var d = $('flags');
  d.textContent = '';
  if (!flags || !flags.length) { d.textContent = 'structure ok'; return; }
  flags.forEach(function (f) {
    var s = document.createElement('span');
    s.className = 'flag';
    s.textContent = f.check;
    s.title = f.message;
    d.appendChild(s);
    d.appendChild(document.createTextNode(f.message + '  '));
  });
}

function renderBlockList() {
  var ol = $('blocks');
  ol.textContent = '';
  S.page.blocks.forEach(function (b, i) {
    var li = document.createElement('li');
    li.dataset.i = i;
    li.dataset.label = S.labels[i];
    if (b.conf != null && b.conf < LOW) li.classList.add('low');
    var n = document.createElement('span'); n.textContent = i; li.appendChild(n);
    var l = document.createElement('span'); l.className = 'lab'; l.textContent = S.labels[i]; li.appendChild(l);
    var t = document.createElement('span'); t.className = 'txt'; t.textContent = b.text;
    t.title = b.text + (b.pred ? '\nmodel: ' + b.pred + ' (' + b.conf + ')' : '');
    li.appendChild(t);
    li.addEventListener('mousedown', function (e) { e.preventDefault(); select(i, e.shiftKey); });
    ol.appendChild(li);
  });
}

// ---- selection ---------------------------------------------------------------------------
function range() {
  if (!S.sel) return null;
  return [Math.min(S.sel.a, S.sel.f), Math.max(S.sel.a, S.sel.f)];
}

function showSelection(scroll) {
  S.shown.forEach(function (i) {
    (S.marks[i] || []).forEach(function (el) { el.removeAttribute('data-pith-sel'); el.removeAttribute('data-pith-cursor'); });
    var li = $('blocks').children[i];
    if (li) li.classList.remove('sel');
  });
  S.shown = [];
  if (S.doc) {
    var old = S.doc.querySelectorAll('[data-pith-pick]');
    for (var o = 0; o < old.length; o++) old[o].removeAttribute('data-pith-pick');
    if (S.pickEl) S.pickEl.setAttribute('data-pith-pick', '');
  }
  var r = range();
  if (!r) return;
  for (var i = r[0]; i <= r[1]; i++) {
    (S.marks[i] || []).forEach(function (el) { el.setAttribute('data-pith-sel', ''); });
    var li = $('blocks').children[i];
    if (li) li.classList.add('sel');
    S.shown.push(i);
  }
  (S.marks[S.sel.f] || []).forEach(function (el) { el.setAttribute('data-pith-cursor', ''); });
  if (scroll !== false) {
    var first = (S.marks[S.sel.f] || [])[0];
    if (first) first.scrollIntoView({ block: 'nearest' });
    var row = $('blocks').children[S.sel.f];
    if (row) row.scrollIntoView({ block: 'nearest' });
  }
}

function select(i, extend) {
  if (!S.page || i < 0 || i >= S.labels.length) return;
  S.sel = extend && S.sel ? { a: S.sel.a, f: i } : { a: i, f: i };
  S.pickEl = null; S.pickStack = [];
  showSelection(true);
}

function move(d, extend) {
  if (!S.page || !S.labels.length) return;
  var f = S.sel ? S.sel.f + d : 0;
  select(Math.max(0, Math.min(S.labels.length - 1, f)), extend);
}

// The block under the pointer: the marked element hit, else (a click in the empty part of a
// heading line, a paragraph's padding) the marked element inside the target nearest the point.
function blockOf(target, x, y) {
  var el = target && target.nodeType === 1 ? target : target && target.parentElement;
  if (!el || !el.closest) return -1;
  var hit = el.closest('[data-pith-b]');
  if (hit) return +hit.getAttribute('data-pith-b');
  if (x == null || el === S.doc.body || el === S.doc.documentElement) return -1;
  var inner = el.querySelectorAll('[data-pith-b]');
  var best = -1, bestD = Infinity;
  for (var i = 0; i < inner.length && i < 2000; i++) {
    var r = inner[i].getBoundingClientRect();
    var dx = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    var dy = y < r.top ? r.top - y : y > r.bottom ? y - r.bottom : 0;
    var d = dx * dx + dy * dy;
    if (d < bestD) { bestD = d; best = +inner[i].getAttribute('data-pith-b'); }
  }
  return best;
}

function blocksUnder(el) {
  var lo = Infinity, hi = -1;
  var list = el.matches('[data-pith-b]') ? [el] : [];
  var inner = el.querySelectorAll('[data-pith-b]');
  for (var i = 0; i < inner.length; i++) list.push(inner[i]);
  list.forEach(function (x) { var k = +x.getAttribute('data-pith-b'); if (k < lo) lo = k; if (k > hi) hi = k; });
  return hi < 0 ? null : [lo, hi];
}

// Selects the smallest DOM subtree holding more than the current selection (seed 002's
// subtree labelling): repeated, it climbs to the parent.
function expand() {
  if (!S.doc || !S.sel) return;
  var r = range();
  var a = (S.marks[r[0]] || [])[0];
  var b = (S.marks[r[1]] || [])[0];
  var el = S.pickEl ? S.pickEl.parentElement : a;
  while (el && b && !el.contains(b)) el = el.parentElement;
  for (; el && el !== S.doc.documentElement; el = el.parentElement) {
    var under = blocksUnder(el);
    if (under && (under[0] < r[0] || under[1] > r[1])) { pickElement(el); return; }
  }
  message('no larger subtree');
}

function pickElement(el) {
  var under = blocksUnder(el);
  if (!under) return;
  S.pickStack.push({ sel: S.sel, pickEl: S.pickEl });
  S.sel = { a: under[0], f: under[1] };
  S.pickEl = el;
  showSelection(true);
}

function shrink() {
  var prev = S.pickStack.pop();
  if (!prev) return;
  S.sel = prev.sel;
  S.pickEl = prev.pickEl;
  showSelection(true);
}

function onMouseDown(e) {
  if (e.button !== 0) return;
  e.preventDefault(); // no text selection, keep keyboard focus in the app
  window.focus();
  if (e.altKey) {
    var el = e.target.nodeType === 1 ? e.target : e.target.parentElement;
    while (el && !blocksUnder(el)) el = el.parentElement;
    if (el) { S.pickStack = []; S.pickEl = null; pickElement(el); }
    return;
  }
  var i = blockOf(e.target, e.clientX, e.clientY);
  if (i < 0) return;
  select(i, e.shiftKey);
  S.drag = { from: S.sel.a };
}

function onMouseOver(e) {
  if (!S.drag || !(e.buttons & 1)) return;
  var i = blockOf(e.target, e.clientX, e.clientY);
  if (i < 0 || !S.sel || i === S.sel.f) return;
  S.sel = { a: S.drag.from, f: i };
  showSelection(false);
}

function onMouseUp(e) {
  if (!S.drag) return;
  S.drag = null;
  if ($('paint').checked) applyLabel($('paint-label').value, true);
}

// ---- labels, undo ------------------------------------------------------------------------
function setLabels(lo, values) {
  for (var k = 0; k < values.length; k++) { S.labels[lo + k] = values[k]; paint(lo + k); }
  S.edits++;
  setState('unsaved');
}

function applyLabel(label, stay) {
  var r = range();
  if (!r) return;
  var before = S.labels.slice(r[0], r[1] + 1);
  var after = before.map(function () { return label; });
  if (before.some(function (x, k) { return x !== after[k]; })) {
    S.undo.push({ lo: r[0], before: before, after: after });
    S.redo = [];
    setLabels(r[0], after);
  }
  // Labelling is mostly sequential: move on to the block after the selection.
  if (!stay && r[1] + 1 < S.labels.length) select(r[1] + 1, false);
}

function undo() {
  var u = S.undo.pop();
  if (!u) { message('nothing to undo'); return; }
  S.redo.push(u);
  setLabels(u.lo, u.before);
  S.sel = { a: u.lo, f: u.lo + u.before.length - 1 };
  showSelection(true);
}

function redo() {
  var u = S.redo.pop();
  if (!u) { message('nothing to redo'); return; }
  S.undo.push(u);
  setLabels(u.lo, u.after);
  S.sel = { a: u.lo, f: u.lo + u.after.length - 1 };
  showSelection(true);
}

// ---- save --------------------------------------------------------------------------------
var saving = null;
function save() {
  if (!S.page) return Promise.resolve(false);
  if (saving) return saving.then(function () { return save(); });
  var id = S.page.id;
  var edits = S.edits;
  setState('saving');
  saving = api('PUT', '/api/pages/' + encodeURIComponent(id) + '/labels', { labels: S.labels, baseRevision: S.revision }).then(function (r) {
    saving = null;
    if (!S.page || S.page.id !== id) return r.ok;
    if (r.ok) {
      S.revision = r.data.revision;
      S.savedEdits = edits;
      setState(S.edits === edits ? 'saved' : 'unsaved');
      renderFlags(r.data.flags);
      loadQueue(false);
      return true;
    }
    if (r.status === 409) {
      setState('conflict', 'saved elsewhere as revision ' + r.data.revision);
      S.conflictRevision = r.data.revision;
      $('conflict-text').textContent = 'These labels were saved by someone else (revision ' + r.data.revision + ') since you opened the page. Nothing was overwritten.';
      $('conflict').hidden = false;
      return false;
    }
    setState('error', r.data && r.data.error || ('HTTP ' + r.status));
    return false;
  }, function (err) {
    saving = null;
    setState('error', String(err));
    return false;
  });
  return saving;
}

function pageStep(d) {
  if (!S.page) return;
  var i = S.order.indexOf(S.page.id) + d;
  if (i < 0 || i >= S.order.length) { message(d > 0 ? 'last page of the queue' : 'first page of the queue'); return; }
  openPage(S.order[i]);
}

// ---- keys --------------------------------------------------------------------------------
function onKey(e) {
  var t = e.target;
  if (t && t.ownerDocument === document && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  var k = e.key;
  var ctrl = e.ctrlKey || e.metaKey;
  var done = true;
  if (ctrl && (k === 'z' || k === 'Z') && e.shiftKey) redo();
  else if (ctrl && (k === 'z' || k === 'Z')) undo();
  else if (ctrl && (k === 'y' || k === 'Y')) redo();
  else if (ctrl && (k === 's' || k === 'S')) save();
  else if (ctrl || e.altKey) done = false;
  else if (KEY_LABEL[k] && !e.shiftKey) applyLabel(KEY_LABEL[k]);
  else if (k === 'j' || k === 'J' || k === 'ArrowDown' || k === 'ArrowRight') move(1, e.shiftKey);
  else if (k === 'k' || k === 'K' || k === 'ArrowUp' || k === 'ArrowLeft') move(-1, e.shiftKey);
  else if (k === 'e') expand();
  else if (k === 'E') shrink();
  else if (k === 'u') undo();
  else if (k === 's') save();
  else if (k === 'n') pageStep(1);
  else if (k === 'p') pageStep(-1);
  else if (k === '?') $('help').hidden = !$('help').hidden;
  else if (k === 'Escape') { $('help').hidden = true; if (S.sel) select(S.sel.f, false); }
  else done = false;
  if (done) e.preventDefault();
}

// ---- retrain, import ---------------------------------------------------------------------
function retrain() {
  message('retraining…');
  api('POST', '/api/retrain', {}).then(function (r) {
    message(r.data && (r.data.message || r.data.error) || 'HTTP ' + r.status);
    if (r.ok) loadQueue(true).then(function () { if (S.page && S.state !== 'unsaved') openPage(S.page.id); });
  });
}

function exportCorpus() {
  message('exporting…');
  fetch('/api/export', { credentials: 'omit', headers: { 'x-pith-token': TOKEN } }).then(function (r) {
    if (!r.ok) return r.json().then(function (d) { message('export failed: ' + (d && d.error)); }, function () { message('export failed: HTTP ' + r.status); });
    var warnings = Number(r.headers.get('x-pith-warnings') || 0);
    var name = (/filename="([^"]+)"/.exec(r.headers.get('content-disposition') || '') || [])[1] || 'corpus.pith-bundle.json';
    return r.blob().then(function (blob) {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 60000);
      message('exported ' + name + (warnings ? ' (' + warnings + ' unreadable file(s) left out)' : ''));
    });
  }, function (e) { message('export failed: ' + e.message); });
}

function importFile(file) {
  var limit = S.limits && S.limits.importBytes;
  if (limit && file.size > limit) {
    message('import refused: ' + file.name + ' is ' + file.size + ' bytes, above the limit of ' + limit + ' bytes');
    return;
  }
  file.text().then(function (text) {
    return api('POST', '/api/import', text);
  }).then(function (r) {
    if (!r.ok) { message('import failed: ' + (r.data && r.data.error)); return; }
    var d = r.data;
    message('imported: ' + d.added + ' added, ' + d.labelled + ' labelled, ' + d.unchanged + ' unchanged, ' + d.skipped.length + ' skipped');
    loadQueue(true);
  }, function (e) { message('import failed: ' + e.message); });
}

// ---- start -------------------------------------------------------------------------------
function start() {
  $('frame').addEventListener('load', frameLoaded);
  document.addEventListener('keydown', onKey, true);
  Array.prototype.forEach.call(document.querySelectorAll('[data-label]'), function (b) {
    b.addEventListener('click', function () { applyLabel(b.dataset.label); });
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('save').addEventListener('click', function () { save(); });
  $('prev').addEventListener('click', function () { pageStep(-1); });
  $('next').addEventListener('click', function () { pageStep(1); });
  $('expand').addEventListener('click', expand);
  $('retrain').addEventListener('click', retrain);
  $('export').addEventListener('click', exportCorpus);
  $('help-button').addEventListener('click', function () { $('help').hidden = !$('help').hidden; });
  $('import').addEventListener('change', function (e) { if (e.target.files[0]) importFile(e.target.files[0]); e.target.value = ''; });
  $('reload-theirs').addEventListener('click', function () { S.state = 'saved'; openPage(S.page.id); });
  $('keep-mine').addEventListener('click', function () {
    S.revision = S.conflictRevision;
    $('conflict').hidden = true;
    save();
  });
  window.addEventListener('beforeunload', function (e) { if (S.state === 'unsaved' || S.state === 'conflict') { e.preventDefault(); e.returnValue = ''; } });
  // Read-only view for tests and the benchmark.
  window.pithApp = { snapshot: function () { return { id: S.page && S.page.id, labels: S.labels.slice(), revision: S.revision, state: S.state, sel: range(), order: S.order.slice() }; } };
  loadQueue(true).then(function () {
    var want = decodeURIComponent(location.hash.slice(1));
    var id = want && S.queue[want] ? want : S.order[0];
    if (id) openPage(id); else message('the corpus has no pages yet: add some with pith label <dir> --add <files>');
  });
}
start();
})();
`;
