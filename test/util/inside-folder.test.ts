/** util/inside-folder.ts: the one rule for "does this path lie in that folder". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isInsideFolder } from '../../src/util/inside-folder.js';

test('a path is inside its folder, the folder itself, and nothing beside or above it', () => {
  assert.equal(isInsideFolder('/data/pages/a.html', '/data/pages'), true);
  assert.equal(isInsideFolder('/data/pages/sub/b.html', '/data/pages'), true);
  assert.equal(isInsideFolder('/data/pages', '/data/pages'), true);
  assert.equal(isInsideFolder('/data/pages-old/a.html', '/data/pages'), false);
  assert.equal(isInsideFolder('/data/a.html', '/data/pages'), false);
  assert.equal(isInsideFolder('/etc/passwd', '/data/pages'), false);
});

test('a name that only starts with two dots lies inside; `..` and paths through it do not', () => {
  assert.equal(isInsideFolder('/data/pages/..notes.html', '/data/pages'), true);
  assert.equal(isInsideFolder('/data/pages/sub/..x/a.html', '/data/pages'), true);
  assert.equal(isInsideFolder('/data', '/data/pages'), false);
  assert.equal(isInsideFolder('/data/pages/../secret.html', '/data/pages'), false);
});
