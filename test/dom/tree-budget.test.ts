/** The parser's node budget (dom/tree-budget.ts): a page's tree stays within it, and the visible article survives. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { extract } from '../../src/index.js';
import { MAX_TREE_NODES, PRUNE_FROM_NODES, parseDocument } from '../../src/dom/html-parser.js';
import { parseHtml } from '../../src/dom/parse.js';
import { fixture } from '../helpers/paths.js';

const page = readFileSync(fixture('pages', 'news-article.html'), 'utf8');
const url = 'https://saltmouth.example/news/mill';

/** The README's page with `filler` inserted just before its article. */
function withBefore(filler: string): string {
  const at = page.indexOf('<article');
  assert.ok(at > 0, 'the fixture has an <article>');
  return page.slice(0, at) + filler + page.slice(at);
}

const plain = await extract(page, { url });

test('210 000 empty <i> in a hidden div before the article: the article is whole, the drop is reported, nothing is truncated', async () => {
  const html = withBefore(`<div hidden>${'<i></i>'.repeat(210_000)}</div>`);
  assert.ok(html.length > 1_400_000);
  const a = await extract(html, { url });
  assert.equal(a.title, plain.title);
  assert.equal(a.body, plain.body);
  assert.equal(a.metadata.truncated, undefined);
  assert.ok((a.metadata.dropped?.hidden ?? 0) > 100_000, JSON.stringify(a.metadata.dropped));
  assert.equal(plain.metadata.dropped, undefined, 'a page within the budget drops nothing');
});

test('work is counted, not timed: every node is made once and the tree stays within the budget', () => {
  const plainNodes = parseDocument(page).nodesMade;
  const bomb = parseDocument(withBefore(`<div hidden>${'<i></i>'.repeat(210_000)}</div>`));
  // One node per <i>, plus the hidden div, plus the page's own: nothing is made twice.
  assert.equal(bomb.nodesMade, plainNodes + 210_000 + 1);
  assert.equal(bomb.truncated, false);
  const tree = parseHtml(withBefore(`<div hidden>${'<i></i>'.repeat(210_000)}</div>`));
  assert.ok(tree.nodes.length <= PRUNE_FROM_NODES + plainNodes, `${tree.nodes.length} nodes kept`);
  // Every node in the tree (less its document root) or counted as dropped was made once.
  assert.ok(tree.nodes.length - 1 + bomb.dropped.hidden <= bomb.nodesMade);
});

test('visible empty inline elements before the article are dropped; the article stays', async () => {
  const a = await extract(withBefore(`<div>${'<i></i>'.repeat(260_000)}</div>`), { url });
  assert.equal(a.body, plain.body);
  assert.equal(a.metadata.truncated, undefined);
  assert.ok((a.metadata.dropped?.empty ?? 0) > 100_000, JSON.stringify(a.metadata.dropped));
});

test('repeated inline markup around text gives way to its text: the words are kept, the article after them too', () => {
  const words = '<span>w </span>'.repeat(260_000);
  const tree = parseHtml(`<body><div id="words">${words}</div><p id="after">The closing paragraph.</p></body>`);
  assert.equal(tree.truncated, undefined);
  assert.ok((tree.dropped?.unwrapped ?? 0) > 50_000, JSON.stringify(tree.dropped));
  assert.ok(tree.nodes.length <= MAX_TREE_NODES);
  let wordCount = 0;
  for (const n of tree.nodes) if (n.kind === 'text') wordCount += (n.text.match(/w/g) ?? []).length;
  assert.equal(wordCount, 260_000, 'every word is still in the tree');
  assert.ok(tree.nodes.some((n) => n.kind === 'text' && n.text === 'The closing paragraph.'));
});

test('panels a reader opens and streamed segments keep their content until the collapse threshold; other hidden boxes lose it first', () => {
  // maxNodes 400: pruning from 200 nodes, collapsing from 300; 100 paragraphs make 203 nodes.
  const items = (n: number) => '<p>x</p>'.repeat(n);
  const html = `<body>${items(100)}<div hidden class="menu">${items(20)}</div><div hidden class="accordion-body">${items(20)}</div><div hidden id="S:1">${items(10)}</div><p>end</p></body>`;
  const doc = parseDocument(html, {}, 400);
  assert.equal(doc.truncated, false);
  const text = allText(doc.document as unknown as P5);
  assert.ok(doc.dropped.hidden > 0, 'the hidden menu loses its content');
  assert.match(text, /end$/);
  const collapsed = parseDocument(html.replace('<p>end</p>', `${items(20)}<div hidden class="accordion-body">${items(20)}</div><p>end</p>`), {}, 400);
  const panels = [] as P5[];
  collectByAttr(collapsed.document as unknown as P5, 'class', 'accordion-body', panels);
  assert.equal(panels[0]?.childNodes?.length, 20, 'the first panel closed before the collapse threshold');
  assert.equal(panels.length, 1, 'past the collapse threshold a panel loses its content, then goes as an empty element');
  assert.deepEqual(collapsed.dropped, { hidden: 80, empty: 1, unwrapped: 0 }, 'the menu\'s 40 nodes, the late panel\'s 40 and the panel');
  const panel = (cls: string) => findByAttr(doc.document as unknown as P5, 'class', cls);
  assert.equal(panel('menu')?.childNodes?.length, 0, 'the hidden menu is kept, empty');
  assert.equal(panel('accordion-body')?.childNodes?.length, 20, 'the panel keeps its paragraphs');
  assert.equal(findByAttr(doc.document as unknown as P5, 'id', 'S:1')?.childNodes?.length, 10, 'the streamed segment keeps its paragraphs');
});

test('past the last threshold a soup of visible blocks is still cut and says so', () => {
  const soup = parseDocument('<p>x'.repeat(300) + '<p>beyond', {}, 200);
  assert.equal(soup.truncated, true);
});

test('formatting elements the parser may reopen are never dropped: the text is the same as without a budget', () => {
  const html = '<p><b>bold<i>both</p>after</b>' + '<u></u>'.repeat(300) + '<p>x<b>y</p>z';
  const small = parseDocument(html, {}, 200);
  const free = parseDocument(html);
  assert.equal(allText(small.document as unknown as P5), allText(free.document as unknown as P5));
  assert.ok(small.dropped.empty > 100);
});

interface P5 { nodeName: string; value?: string; attrs?: { name: string; value: string }[]; childNodes?: P5[] }

function findByAttr(root: P5, name: string, value: string): P5 | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.attrs?.some((a) => a.name === name && a.value === value)) return n;
    for (const c of n.childNodes ?? []) stack.push(c);
  }
  return undefined;
}

function collectByAttr(root: P5, name: string, value: string, out: P5[]): void {
  if (root.attrs?.some((a) => a.name === name && a.value === value)) out.push(root);
  for (const c of root.childNodes ?? []) collectByAttr(c, name, value, out);
}

function allText(root: P5): string {
  let out = '';
  const visit = (n: P5): void => {
    if (n.nodeName === '#text') out += n.value;
    for (const c of n.childNodes ?? []) visit(c);
  };
  visit(root);
  return out;
}

test('pith extract reports the drop: metadata.dropped in JSON, a line in --explain', async () => {
  const { spawnSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { repoRoot } = await import('../helpers/paths.js');
  const dir = mkdtempSync(join(tmpdir(), 'pith-budget-'));
  try {
    const file = join(dir, 'hidden-bomb.html');
    writeFileSync(file, withBefore(`<div hidden>${'<i></i>'.repeat(210_000)}</div>`));
    const pith = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin', 'pith.js'), 'extract', file, ...args], { encoding: 'utf8' });
    const json = pith('--format', 'json');
    assert.equal(json.status, 0, json.stderr);
    const doc = JSON.parse(json.stdout) as { body: string; metadata: { dropped?: { hidden: number }; truncated?: true } };
    assert.equal(doc.body, plain.body);
    assert.ok((doc.metadata.dropped?.hidden ?? 0) > 100_000);
    assert.equal(doc.metadata.truncated, undefined);
    const explain = pith('--explain');
    assert.match(explain.stdout, /^# the page's budget dropped \d{6} hidden node\(s\), 0 empty element\(s\) and unwrapped 0 inline element\(s\)$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
