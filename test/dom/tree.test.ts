import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../src/dom/parse.js';
import { firstHref, type ElementNode } from '../../src/dom/tree.js';

const byTag = (html: string, tag: string): { tree: ReturnType<typeof parseHtml>; id: number } => {
  const tree = parseHtml(html);
  const n = tree.nodes.find((x) => x.kind === 'element' && x.tag === tag) as ElementNode;
  return { tree, id: n.id };
};

test('firstHref: the element\'s own link, else its first non-empty descendant link, trimmed', () => {
  const own = byTag('<html><body><a href=" /own "><a href="/inner">x</a></a></body></html>', 'a');
  assert.equal(firstHref(own.tree, own.id), '/own');
  const card = byTag('<html><body><div><a>no href</a><a href="  ">blank</a><p><a href="/b">b</a></p><a href="/c">c</a></div></body></html>', 'div');
  assert.equal(firstHref(card.tree, card.id), '/b');
});

test('firstHref: undefined when the element holds no link', () => {
  const none = byTag('<html><body><div><span>text</span><area href="/x"></div><a href="/after">after</a></body></html>', 'div');
  assert.equal(firstHref(none.tree, none.id), undefined);
});
