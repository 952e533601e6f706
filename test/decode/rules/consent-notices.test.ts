import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consentNotices, isConsentNotice } from '../../../src/decode/rules/consent-notices.js';
import { CONSENT_CONTEXT, CONSENT_NOTICE, CONSENT_NOTICE_WORD } from '../../../src/features/cue-words.js';
import { acceptedByPreTest, CUE_LINES } from './cue-lines.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { noteRows, runRule } from './run-rule.js';

test('consent-notices: a cookie notice or an embed\'s consent placeholder in the body becomes other', () => {
  const doc = new BlockBuilder().text(para(40), 'body')
    .text('Wir respektieren deine Privatsphäre und stellen deshalb ohne dein Einverständnis keine Verbindung zu Twitter her.', 'body')
    .text(para(40), 'body')
    .text('We use cookies to improve your experience. By continuing to use this site you agree.', 'body')
    .text('We use cookies.', 'other').build();
  const s = runRule(consentNotices, doc);
  assert.deepEqual(noteRows(s), [
    [1, 'body', 'other', 'consent-notices', 'a notice about cookies or consent'],
    [3, 'body', 'other', 'consent-notices', 'a notice about cookies or consent'],
  ]);
});

test('consent-notices: prose about cookies, a long paragraph, and a page of many notices (a privacy policy) stay', () => {
  const prose = 'The court ruled that websites must ask before they set tracking cookies, a decision regulators welcomed.';
  assert.equal(isConsentNotice(prose), false);
  assert.equal(isConsentNotice('For the base we use cookies, crushed, with melted butter.'), false, 'a recipe');
  const long = `We use cookies. ${para(120)}`;
  assert.deepEqual(runRule(consentNotices, new BlockBuilder().text(prose, 'body').text(long, 'body').build()).notes, []);
  const policy = new BlockBuilder();
  for (let k = 0; k < 4; k++) policy.text(`Section ${k}: we use cookies to remember your settings.`, 'body');
  assert.deepEqual(runRule(consentNotices, policy.build()).notes, []);
});

test('isConsentNotice: notices in German, English, French and Spanish', () => {
  for (const t of ['Wir verwenden Cookies, um unsere Website zu verbessern.', 'Wenn Sie dieses Video sehen möchten, müssen Sie die externen YouTube-Cookies akzeptieren.',
    'Cookies erleichtern die Bereitstellung unserer Dienste.', 'This site uses cookies to improve your experience.', 'Nous utilisons des cookies pour améliorer votre expérience.', 'Utilizamos cookies propias y de terceros para mejorar la navegación.', 'Wir verwenden Cookies.', 'Accept all cookies']) {
    assert.ok(isConsentNotice(t), t);
  }
});

test("consent-notices pre-test: every notice holds its words, with the pattern's case folding (the Kelvin sign for k), so asking them first changes no answer", () => {
  const notices = acceptedByPreTest(CONSENT_NOTICE, CONSENT_NOTICE_WORD);
  assert.deepEqual(notices.missed, []);
  assert.ok(notices.accepted >= 12, `${notices.accepted}`);
  for (const line of CUE_LINES) {
    const full = line.length <= 600 && CONSENT_NOTICE.test(line) && (line.length <= 40 || CONSENT_CONTEXT.test(line));
    assert.equal(isConsentNotice(line), full, line);
  }
  assert.ok(isConsentNotice('We use coo\u212Aies to improve your experience.'));
});
