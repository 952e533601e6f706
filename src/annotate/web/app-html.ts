/**
 * The app's page. No inline script or style: the server's CSP allows only its own files,
 * the compiled app modules (/app/main.js and what it imports, built from web/app/ by
 * tsconfig.web.json) and /app.css. The page served for the printed URL carries the session token in a meta tag; the
 * app moves it to sessionStorage (this origin's alone) and sends it in the X-Pith-Token header.
 */
export function appHtml(token?: string): string {
  if (token !== undefined && !/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('session token must be letters, digits, _ and -');
  return APP_HTML.replace('<!--token-->', token === undefined ? '' : `<meta name="pith-token" content="${token}">`);
}

const APP_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<!--token-->
<title>pith label</title>
<link rel="stylesheet" href="/app.css">
<script type="module" src="/app/main.js"></script>
</head>
<body>
<header id="bar">
  <strong>pith label</strong>
  <span id="corpus"></span>
  <span id="page-id" title="page id"></span>
  <span id="state" class="state" data-state="saved">saved</span>
  <span id="source" title="where the labels shown come from"></span>
  <span class="group" id="label-buttons">
    <button data-label="title" title="label title (t)">title <kbd>t</kbd></button>
    <button data-label="heading" title="label heading (h)">heading <kbd>h</kbd></button>
    <button data-label="body" title="label body (b)">body <kbd>b</kbd></button>
    <button data-label="other" title="label other (o)">other <kbd>o</kbd></button>
  </span>
  <span class="group">
    <button id="expand" title="select the enclosing DOM subtree (e); shrink back (shift+e)">subtree <kbd>e</kbd></button>
    <button id="undo" title="undo (u, ctrl+z)">undo <kbd>u</kbd></button>
    <button id="redo" title="redo (ctrl+y, ctrl+shift+z)">redo</button>
    <button id="save" title="save (s)">save <kbd>s</kbd></button>
    <button id="prev" title="previous page (p)">prev <kbd>p</kbd></button>
    <button id="next" title="next page (n)">next <kbd>n</kbd></button>
  </span>
  <span class="group">
    <label title="when on, clicking or dragging over blocks applies the chosen label at once"><input type="checkbox" id="paint"> paint</label>
    <select id="paint-label" title="label painted"><option>title</option><option>heading</option><option selected>body</option><option>other</option></select>
  </span>
  <span class="group" id="site-tools">
    <button id="learn-site" hidden title="learn extraction rules for this site from its labelled pages">learn this site</button>
    <label id="correct-tool" hidden title="when on, a label given on a page of the learned site is fed back: the page is saved and the site's rules learned again"><input type="checkbox" id="correct"> correct</label>
  </span>
  <span class="group" id="field-tools">
    <label title="field mode: select a value on the page, name its field, add it; the learned rules' values are highlighted"><input type="checkbox" id="field-mode"> fields</label>
    <input id="field-name" placeholder="field name" size="10" title="the field the selected value belongs to">
    <button id="field-add" title="the selection is a value of this field (or the right one after a wrong one)">add value</button>
    <button id="field-wrong" title="the selected highlighted value is wrong: fed back, the rules are learned again">wrong</button>
    <button id="field-save" title="write fields/&lt;page&gt;.json into the corpus (pith train reads them)">save fields</button>
  </span>
  <span class="group">
    <button id="retrain" title="retrain the model on the saved labels">retrain</button>
    <button id="export" title="download the corpus as one JSON bundle">export</button>
    <label class="file">import <input type="file" id="import" accept=".json,application/json"></label>
    <button id="help-button" title="keyboard shortcuts (?)">?</button>
  </span>
</header>
<div id="conflict" hidden>
  <span id="conflict-text"></span>
  <button id="reload-theirs">reload the saved labels</button>
  <button id="keep-mine">keep mine (save over them)</button>
</div>
<main>
  <aside id="queue-pane"><h2>Queue <span id="model"></span></h2><ol id="queue"></ol>
    <div id="field-pane" hidden><h2>Fields</h2><div id="field-pages"></div><ol id="field-values"></ol></div>
    <div id="site-pane" hidden><h2>Site <span id="site-host"></span></h2><div id="site-rules"></div><ol id="site-pages"></ol></div>
  </aside>
  <section id="view">
    <div id="warnings" hidden></div>
    <div id="flags"></div>
    <iframe id="frame" sandbox="allow-same-origin" title="the page, scripts off"></iframe>
  </section>
  <aside id="blocks-pane"><h2>Blocks</h2><ol id="blocks"></ol></aside>
</main>
<div id="message" role="status" aria-live="polite"></div>
<div id="help" hidden>
  <h2>Keyboard</h2>
  <table>
    <tr><td><kbd>t</kbd> <kbd>h</kbd> <kbd>b</kbd> <kbd>o</kbd> (or <kbd>1</kbd>-<kbd>4</kbd>)</td><td>label the selection title / heading / body / other</td></tr>
    <tr><td><kbd>x</kbd></td><td>mark the selection unknown (not labelled)</td></tr>
    <tr><td><kbd>j</kbd> <kbd>k</kbd> or arrows</td><td>next / previous block (with <kbd>shift</kbd>: extend the selection)</td></tr>
    <tr><td>click, shift+click, drag</td><td>select a block, extend to a block, select a range</td></tr>
    <tr><td><kbd>e</kbd>, alt+click</td><td>select the enclosing DOM subtree; <kbd>e</kbd> again: its parent; <kbd>shift+e</kbd>: back</td></tr>
    <tr><td><kbd>u</kbd>, <kbd>ctrl+z</kbd></td><td>undo</td></tr>
    <tr><td><kbd>ctrl+y</kbd>, <kbd>ctrl+shift+z</kbd></td><td>redo</td></tr>
    <tr><td><kbd>s</kbd>, <kbd>ctrl+s</kbd></td><td>save</td></tr>
    <tr><td><kbd>n</kbd> <kbd>p</kbd></td><td>next / previous page in the queue (saves first)</td></tr>
    <tr><td><kbd>Esc</kbd></td><td>reduce the selection to one block; close this help</td></tr>
    <tr><td>learn this site, correct</td><td>after two labelled pages of a site: learn its rules; in correct mode a label key on its pages feeds back into them</td></tr>
    <tr><td>fields, add value, wrong</td><td>field mode: name a field, click its value, add value (on two or three pages or records); the rules' values are highlighted; click a wrong one, wrong; save fields writes fields/&lt;page&gt;.json</td></tr>
    <tr><td><kbd>?</kbd></td><td>this help</td></tr>
  </table>
</div>
</body>
</html>
`;
