import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTickerLine, isWidgetLine, widgetLines } from '../../../src/decode/rules/widget-lines.js';
import { LOADING_PLACEHOLDER, LOADING_WORD } from '../../../src/features/cue-words.js';
import { acceptedByPreTest } from './cue-lines.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('widget-lines: a reading time, a listen prompt and a loading placeholder become other', () => {
  const doc = new BlockBuilder().text('5 min read', 'body').text('Escucha esta nota aquí', 'heading').text(para(40), 'body')
    .text('Gefällt mir Wird geladen …', 'body').text(para(40), 'body').build();
  assert.deepEqual(noteRows(runRule(widgetLines, doc)).map((r) => [r[0], r[1], r[2]]), [[0, 'body', 'other'], [1, 'heading', 'other'], [3, 'body', 'other']]);
});

test('isWidgetLine: reading times and prompts in several languages; prose that mentions them is not one', () => {
  for (const t of ['Lesezeit: 3 Min.', 'Reading Time: 11 minutes', '3 Minuten Lesezeit', 'Tempo di lettura: 3 minuti', 'Ten tekst przeczytasz w mniej niż minutę',
    '11 minut czytania', 'Listen to this article', 'Artikel anhören', 'Loading...', 'wird geladen ...']) {
    assert.ok(isWidgetLine(t), t);
  }
  for (const t of ['The reading time of a novel is about 5 hours.', 'Loading the truck took 5 minutes.', 'Listen to this: the band is back.', `Loading... ${para(20)}`]) {
    assert.equal(isWidgetLine(t), false, t);
  }
});

test("isWidgetLine: a comment system's lines outside its thread; an article about comments is not one", () => {
  for (const t of ['No comments yet.', 'No Comments', 'No comments:', 'Comments are closed.', 'Noch keine Kommentare vorhanden',
    'Your email address will not be published. Required fields are marked *', 'Ihre E-Mail-Adresse wird nicht veröffentlicht.',
    'Votre adresse e-mail ne sera pas publiée.', 'You may use these HTML tags and attributes: <a href="" title=""> <abbr title=""> <b> <blockquote cite="">',
    'TrackBack URL for this entry: http://www.typepad.com/services/trackback/6a00d8341c', 'RSS feed for comments on this post. TrackBack URI',
    'You must be logged in to post a comment.', 'Be the first to comment']) {
    assert.ok(isWidgetLine(t), t);
  }
  for (const t of ['No comments from the minister were given when we asked on Monday.', 'Comments are closed on most news sites after a week, the study found.',
    'Readers said the comments section had become hostile.', `TrackBack URL ${'x'.repeat(400)}`]) {
    assert.equal(isWidgetLine(t), false, t);
  }
});

test("isWidgetLine: a blog's links to the posts before and after; a sentence with guillemets or pipes is not one", () => {
  for (const t of ['« The puzzle joint | Blog Home | Two deadlines (and a read) »', '« Intuitions about Innateness | Main | The problem of ESEE knowledge »',
    '‹ Previous | Index | Next ›', 'Newer Post Older Post Home', 'Older Posts Home']) {
    assert.ok(isWidgetLine(t), t);
  }
  for (const t of ['« Wir schaffen das », sagte sie | und ging.', 'Prices | Terms | Privacy', '«Das ist gut», sagte er.', 'He wrote older posts at home.']) {
    assert.equal(isWidgetLine(t), false, t);
  }
});

test('isWidgetLine: a notice that scripts are off, in several languages; prose about JavaScript is not one', () => {
  for (const t of ['You need to enable JavaScript to run this app.', 'Please turn on JavaScript. Media requires JavaScript to play.',
    'Media requires JavaScript and Adobe Flash to play.', 'To view this video please enable JavaScript, and consider upgrading to a web browser that supports HTML5 video',
    'JavaScript is disabled in your browser.', "We're sorry but Acme doesn't work properly without JavaScript enabled. Please enable it to continue.",
    'Bitte aktivieren Sie JavaScript, um diese Seite zu nutzen.', 'Veuillez activer JavaScript pour afficher ce contenu.', 'Por favor, habilita JavaScript para ver el video.']) {
    assert.ok(isWidgetLine(t), t);
  }
  for (const t of ['Emscripten compiles C to run without JavaScript glue code on the server.', 'Enable JavaScript in Chrome', 'JavaScript aktivieren', 'Activer JavaScript dans Firefox', 'Enable JavaScript source maps in the settings to debug the minified bundle, then reload the page and set a breakpoint where the error is thrown, as the next section shows.',
    'Browsers that allow JavaScript to run in the background drain batteries faster, the study found.', `Please enable JavaScript. ${para(40)}`]) {
    assert.equal(isWidgetLine(t), false, t);
  }
});

test("isWidgetLine: an embed's stand-in and a visitor counter; prose about external content or visitors is not one", () => {
  for (const t of ['Externer Inhalt', 'Empfohlener redaktioneller Inhalt', 'External content', '13 Besucher sind online (8 Besucher halten sich im Bereich News auf.)', '42 users online']) {
    assert.ok(isWidgetLine(t), t);
  }
  for (const t of ['Externer Inhalt wird von Dritten bereitgestellt und kann Cookies setzen.', 'Die 13 Besucher kamen online zusammen.', '2 million visitors came to the fair.']) {
    assert.equal(isWidgetLine(t), false, t);
  }
});

test("isWidgetLine: a gallery's count and prompts, a jump line, a blog archive's entries; prose with photos or archives is not one", () => {
  for (const t of ['19 Photos', 'View the Full Gallery »', 'Enlarge Photo', 'Continue reading the main story', '► July (18)', '▼ 2012 (45)', '1,155 views Nov 6, 2012', '2.3K Views',
    'You can follow any responses to this entry through the RSS 2.0 feed.']) assert.ok(isWidgetLine(t), t);
  for (const t of ['19 photos of the flood were shown.', 'View the full gallery of winners at the museum site, which opens on Monday.', 'The archive (1998) holds 18 boxes.', 'July (18) was hot.', '300 views of the bay.', '12 views on the reform were heard. Most agreed.']) {
    assert.equal(isWidgetLine(t), false, t);
  }
});

test('isTickerLine: one phrase scrolled past again and again, cut short or not; refrains, rulers and prose are not one', () => {
  assert.equal(isTickerLine('Book Now *'.repeat(200)), true);
  assert.equal(isTickerLine(`${'Free shipping on orders over $50 — '.repeat(5)}Free ship`), true);
  assert.equal(isTickerLine('word word word word word word'), true);
  assert.equal(isWidgetLine('Book Now *Book Now *Book Now *Book Now *'), true);
  assert.equal(isTickerLine('Book Now *Book Now *Book Now *'), false, 'three times');
  assert.equal(isTickerLine('la la la la la la la la'), false, 'a refrain of a two-letter word');
  assert.equal(isTickerLine('=================================='), false, 'a ruler');
  assert.equal(isTickerLine('1234 1234 1234 1234'), false, 'no letter');
  assert.equal(isTickerLine(para(60)), false);
  assert.equal(isTickerLine('Words of an ordinary paragraph of prose in a story. '.repeat(6)), false, 'a sentence said over and over');
  assert.equal(isTickerLine('Book Now *'.repeat(3000)), false, 'longer than a block the test reads');
});

test('widget-lines: a ticker in the body becomes other', () => {
  const blocks = new BlockBuilder().text(para(40), 'body').text('Book Now * '.repeat(30), 'body').text(para(30), 'body').build();
  const s = runRule(widgetLines, blocks, {});
  assert.deepEqual(s.labels, ['body', 'other', 'body']);
  assert.equal(noteRows(s)[0]![0], 1);
});

/** `isTickerLine` as first written: the text without white space copied, its prefix function in an array of its length. */
function tickerLineByCopy(text: string): boolean {
  if (text.length > 20_000) return false;
  const t = text.replace(/\s+/g, '');
  const n = t.length;
  if (n < 16) return false;
  const prefix = new Int32Array(n);
  for (let i = 1; i < n; i++) {
    let k = prefix[i - 1]!;
    while (k > 0 && t.charCodeAt(i) !== t.charCodeAt(k)) k = prefix[k - 1]!;
    if (t.charCodeAt(i) === t.charCodeAt(k)) k++;
    prefix[i] = k;
    if (i + 1 - k > 30) return false;
  }
  const period = n - prefix[n - 1]!;
  return period >= 4 && period <= 30 && n >= 4 * period && /\p{L}/u.test(t.slice(0, period));
}

test('isTickerLine: the same answers as the copying version, on tickers spaced every way, cut short, and prose', () => {
  const units = ['Book Now *', 'Free shipping on orders over $50 — ', 'abcd', 'SALE', 'la ', '1234 ', 'Ω€ ', '😀 deal '];
  const spaces = ['', ' ', '\n', '\u00a0', '\u3000', '\ufeff', '\u200b', '  \t'];
  let tickers = 0;
  for (const unit of units) {
    for (const space of spaces) {
      for (const repeats of [3, 4, 5, 12]) {
        for (const cut of [0, 1, 3]) {
          const text = (unit.replace(/ /g, space) + space).repeat(repeats) + unit.slice(0, cut);
          assert.equal(isTickerLine(text), tickerLineByCopy(text), JSON.stringify(text));
          if (tickerLineByCopy(text)) tickers++;
        }
      }
    }
  }
  assert.ok(tickers > 50, 'the cases hold tickers');
  for (const text of [para(60), `  ${'Book Now *'.repeat(5)}`, 'Book Now *'.repeat(2001), 'x'.repeat(20_001), '']) assert.equal(isTickerLine(text), tickerLineByCopy(text));
});

test('widget-lines pre-test: every loading placeholder holds its words, so asking them first changes no answer', () => {
  const placeholders = acceptedByPreTest(LOADING_PLACEHOLDER, LOADING_WORD);
  assert.deepEqual(placeholders.missed, []);
  assert.ok(placeholders.accepted >= 6, `${placeholders.accepted}`);
  for (const t of ['Loading...', 'Gefällt mir Wird geladen …', 'Chargement…', 'Cargando...', 'Caricamento…', 'LOADING']) assert.ok(isWidgetLine(t), t);
  for (const t of ['Downloading the data', 'The loading dock was closed.']) assert.equal(isWidgetLine(t), false, t);
});
