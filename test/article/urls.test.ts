import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSafeUrl, resolveSafeUrl, urlScheme } from '../../src/article/urls.js';

test('links: http(s), mailto and relative URLs are safe', () => {
  for (const u of ['https://a.example/x', 'HTTP://A.EXAMPLE', 'mailto:x@y.z', '/path', 'rel/path?q=1', '#frag', '//cdn.example/x', '?q=1']) {
    assert.ok(isSafeUrl(u, 'link'), u);
  }
});

test('script and data schemes are dropped however they are disguised', () => {
  const bad = [
    'javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0000javascript:x',
    'javascript\u200b:x', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd',
    'jar:http://x!/', '',
  ];
  for (const u of bad) assert.equal(isSafeUrl(u, 'link'), false, JSON.stringify(u));
});

test('images: no data: and no mailto', () => {
  assert.equal(isSafeUrl('data:image/png;base64,AAAA', 'image'), false);
  assert.equal(isSafeUrl('data:image/svg+xml,<svg onload=alert(1)>', 'image'), false);
  assert.equal(isSafeUrl('mailto:a@b.c', 'image'), false);
  assert.ok(isSafeUrl('img/a.png', 'image'));
});

test('resolveSafeUrl resolves against the base and re-checks the result', () => {
  assert.equal(resolveSafeUrl('../b.jpg', 'https://e.com/a/c/page.html', 'image'), 'https://e.com/a/b.jpg');
  assert.equal(resolveSafeUrl('javascript:alert(1)', 'https://e.com/', 'link'), undefined);
  assert.equal(resolveSafeUrl('x.html', undefined, 'link'), 'x.html');
  assert.equal(resolveSafeUrl('   ', 'https://e.com/', 'link'), undefined);
  assert.equal(resolveSafeUrl('a'.repeat(5000), 'https://e.com/', 'link'), undefined);
  assert.equal(urlScheme('Java\tScript:x'), 'javascript');
  assert.equal(urlScheme('/relative:colon'), undefined);
});
