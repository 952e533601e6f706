import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isNewsletterAppeal, isReaderAppeal, LEADING_SYMBOLS, NEWSLETTER, NEWSLETTER_BLURB, NEWSLETTER_WORD, readerAppeals } from '../../../src/decode/rules/reader-appeals.js';
import { READER_APPEAL, READER_APPEAL_OBJECT, READER_APPEAL_WORD } from '../../../src/features/cue-words.js';
import { acceptedByPreTest, CUE_LINES } from './cue-lines.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('reader-appeals: the site asking to subscribe, order the issue or support its work becomes other, in body or heading', () => {
  const doc = new BlockBuilder().text(para(40), 'body')
    .text('If you enjoyed reading this post – would you consider supporting our work? Just click here. Thanks!', 'body')
    .text(para(40), 'body')
    .text('>>> Jetzt die aktuelle Ausgabe bestellen! <<<', 'heading')
    .text('Subscribe to our newsletter', 'other').build();
  const s = runRule(readerAppeals, doc);
  assert.deepEqual(noteRows(s), [
    [1, 'body', 'other', 'reader-appeals', 'the site asking the reader to subscribe, order, join or follow'],
    [3, 'heading', 'other', 'reader-appeals', 'the site asking the reader to subscribe, order, join or follow'],
  ]);
});

test('isReaderAppeal: appeals in English, German, Spanish, French and Polish', () => {
  for (const t of ['Want more? Sign up for our newsletter, The Selection.', 'Werden Sie Mitglied bei for me und erhalten Sie exklusive Angebote!',
    'Lesen Sie das BIKE Magazin. Einfach digital in der BIKE-App oder bestellen Sie es im Shop.', 'Buch bestellen',
    'Puede escribirnos o seguir a Materia en Facebook, Twitter o suscribirse aquí a nuestra newsletter.',
    'Abonnez-vous à notre newsletter.', 'Catch up on our coverage, and follow us on Facebook and Instagram.',
    'Gefällt dir unser Klettermagazin? Wir haben entschieden, keine Bezahlschranke einzuführen.', 'Zapraszamy też do subskrypcji „Sieci”.',
    'Follow @nytimesworld for international breaking news and headlines.', 'Follow @GossipCop on Twitter!', 'Sign-up to the Daily Blog Tips newsletter and get a free eBook.',
    'Sign up for free email updates and be entered to win our monthly giveaway.']) {
    assert.ok(isReaderAppeal(t), t);
  }
});

test('isReaderAppeal: prose about subscribing, members or apps is no appeal', () => {
  for (const t of ['So why should one sign up for BigAdda rather than Orkut or Facebook?', 'I also subscribe to every newsletter and magazine on the subject.',
    "If you haven't tried Messenger yet, you can get the app today.", 'Customers can sign up for the Gold Plus Rewards program to earn points.',
    'Die Spieler werden Mitglied im Verein und bestellen ihre Trikots im Shop.', 'Gefällt dir unser neues Logo nicht? Schreib uns.', 'Follow us to the summit: the path climbs steeply.', 'She told reporters to follow @police for updates.', 'Here are our picks for Week 8. Follow @NFL on Instagram.', 'The charity will consider a donation of land.', 'If you like using Lemmy, consider donating to support its development. Recurring donations are ideal.', `Subscribe to our newsletter. ${para(60)}`]) {
    assert.equal(isReaderAppeal(t), false, t);
  }
});

test('reader-appeals: on documentation only a newsletter\'s appeal; none on a page of many appeals (a membership page)', () => {
  const api = new BlockBuilder().text('Subscribe to the topic to get its messages.', 'body').text('Then subscribe to events from your app or members.', 'body')
    .text('🚀 Sign up for The Replay newsletter', 'heading').text('The Replay is a weekly newsletter for dev and engineering leaders.', 'body').build();
  assert.deepEqual(runRule(readerAppeals, api, { pageType: 'docs' }).notes.map((n) => n.block), [2, 3], 'the API\'s "subscribe to" stays, the newsletter box goes');
  assert.deepEqual(runRule(readerAppeals, api).notes.map((n) => n.block), [1, 2, 3], 'on an article "subscribe to events from your app" is read as an appeal');
  const page = new BlockBuilder();
  for (let k = 0; k < 4; k++) page.text(`Plan ${k}: become a member and get the magazine every month.`, 'body');
  assert.deepEqual(runRule(readerAppeals, page.build()).notes, []);
});

test('reader-appeals pre-tests: every appeal and newsletter blurb holds their words, with the patterns\' case folding (ſ for s), so asking them first changes no answer', () => {
  const appeals = acceptedByPreTest(READER_APPEAL, READER_APPEAL_WORD);
  assert.deepEqual(appeals.missed, []);
  assert.ok(appeals.accepted >= 25, `${appeals.accepted}`);
  const blurbs = acceptedByPreTest(NEWSLETTER_BLURB, NEWSLETTER_WORD);
  assert.deepEqual(blurbs.missed, []);
  assert.ok(blurbs.accepted >= 4, `${blurbs.accepted}`);
  // The functions as they read without the pre-tests.
  const bare = (t: string): string => t.replace(LEADING_SYMBOLS, '');
  for (const line of CUE_LINES) {
    const t = bare(line);
    const full = line.length <= 300 && ((READER_APPEAL.test(t) && READER_APPEAL_OBJECT.test(t)) || NEWSLETTER_BLURB.test(t));
    assert.equal(isReaderAppeal(line), full, line);
    const newsletter = line.length <= 300 && ((READER_APPEAL.test(t) && NEWSLETTER.test(t)) || NEWSLETTER_BLURB.test(t));
    assert.equal(isNewsletterAppeal(line), newsletter, line);
  }
  assert.ok(isReaderAppeal('Subſcribe to our newsletter') && isReaderAppeal('The Brief is a weekly newſletter for you.'));
});
