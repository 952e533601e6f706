/** The robots.txt reader (RFC 9309): groups, longest match, Allow on ties, `*` and `$`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALLOW_ALL, DISALLOW_ALL, normalizePath, parseRobotsTxt, patternMatches, productToken, robotsAllows } from '../../src/util/robots.js';

const UA = 'pith/0.1.0 (+article extraction; batch)';
const allows = (txt: string, path: string, ua = UA): boolean => robotsAllows(parseRobotsTxt(txt), ua, `https://ex.com${path}`);

test('productToken is the User-Agent name, lower-cased', () => {
  assert.equal(productToken(UA), 'pith');
  assert.equal(productToken('Googlebot/2.1'), 'googlebot');
  assert.equal(productToken('  '), '');
});

test('the group naming pith applies, else the * group; several groups for pith merge', () => {
  const txt = [
    'User-agent: *', 'Disallow: /', '',
    'User-agent: otherbot', 'User-agent: PITH', 'Disallow: /private', '',
    'User-agent: pith/9', 'Disallow: /also',
  ].join('\n');
  assert.equal(allows(txt, '/public'), true, 'pith has its own groups: the * group does not apply');
  assert.equal(allows(txt, '/private/x'), false);
  assert.equal(allows(txt, '/also'), false, 'a second group for pith adds its rules');
  assert.equal(allows(txt, '/public', 'somebot/1'), false, 'others get the * group');
  assert.equal(allows('User-agent: otherbot\nDisallow: /\n', '/x'), true, 'no group applies: everything allowed');
});

test('the longest matching pattern wins, Allow on a tie; an empty Disallow allows', () => {
  const txt = 'User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /a/b/c\nAllow: /t\nDisallow: /t\nDisallow:\n';
  assert.equal(allows(txt, '/a'), false);
  assert.equal(allows(txt, '/a/b/x'), true);
  assert.equal(allows(txt, '/a/b/c/d'), false);
  assert.equal(allows(txt, '/t'), true, 'same length: Allow wins');
  assert.equal(allows(txt, '/z'), true);
  assert.equal(allows('User-agent: *\nDisallow: /\n', '/robots.txt'), true, '/robots.txt itself is always allowed');
});

test('* matches any run and $ anchors the end; the query counts', () => {
  const txt = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?session=\nDisallow: /shop*/cart\nAllow: /$\nDisallow: /\n';
  assert.equal(allows(txt, '/docs/a.pdf'), false);
  assert.equal(allows(txt, '/docs/a.pdf?x=1'), false, 'Disallow: / covers it anyway');
  assert.equal(allows(txt, '/'), true, 'Allow: /$ is longer than Disallow: /');
  assert.equal(patternMatches('/*.pdf$', '/a.pdf'), true);
  assert.equal(patternMatches('/*.pdf$', '/a.pdfx'), false);
  assert.equal(patternMatches('/*?session=', '/page?session=1'), true);
  assert.equal(patternMatches('/shop*/cart', '/shop/eu/cart/1'), true);
  assert.equal(patternMatches('/shop*/cart', '/shop/eu/car'), false);
  assert.equal(patternMatches('/a**b$', '/axxb'), true);
});

test('comments, CRLF, unknown lines and rules before any User-agent are ignored; Sitemap lines are kept', () => {
  const r = parseRobotsTxt('Disallow: /early\r\n# note\r\nUser-agent: * # all\r\nCrawl-delay: 5\r\nDisallow: /x # why\r\nSitemap: https://ex.com/s.xml\r\nnonsense\r\n');
  assert.deepEqual(r.sitemaps, ['https://ex.com/s.xml']);
  assert.equal(robotsAllows(r, UA, 'https://ex.com/early'), true);
  assert.equal(robotsAllows(r, UA, 'https://ex.com/x/1'), false);
});

test('non-ASCII patterns match the percent-encoded path; escapes compare case-blind', () => {
  assert.equal(normalizePath('/café'), '/caf%C3%A9');
  assert.equal(allows('User-agent: *\nDisallow: /café\n', '/café/menu'), false);
  assert.equal(allows('User-agent: *\nDisallow: /a%2fb\n', '/a%2Fb'), false);
});

test('hostile patterns do not hang: many stars against a long path is counted work', () => {
  const pattern = '/' + 'a*'.repeat(200) + 'b$';
  const path = '/' + 'a'.repeat(5000);
  assert.equal(patternMatches(pattern, path), false);
  assert.equal(robotsAllows(ALLOW_ALL, UA, 'https://ex.com/x'), true);
  assert.equal(robotsAllows(DISALLOW_ALL, UA, 'https://ex.com/x'), false);
});
