import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mediaInRegion } from '../../../src/decode/rules/media-in-region.js';
import { BlockBuilder, para } from '../../helpers/block-builder.js';
import { BlockRole } from '../../../src/decode/roles.js';
import { noteRows, runRule } from './run-rule.js';

test('media-in-region: images inside the region become body, outside other; a believed lead image survives its caption', () => {
  const b = new BlockBuilder().image('body', 0.7).text('The mill at low water.', 'other').text('By A. Writer', 'other'); // 0-2
  b.text(para(50), 'body').image('other', 0.5).probsOfLast({ body: 0.45, other: 0.55 }).text(para(50), 'body'); // 3-5
  for (let i = 0; i < 5; i++) b.link(`footer ${i}`, 'other'); // 6-10
  b.image('body', 0.9); // 11
  const s = runRule(mediaInRegion, b.build(), {}, (st) => { st.region = [3, 5]; });
  assert.deepEqual([s.labels[0], s.labels[4], s.labels[11]], ['body', 'body', 'other']);
  assert.deepEqual(noteRows(s), [
    [4, 'other', 'body', 'media-in-region', 'image inside the content region'],
    [11, 'body', 'other', 'media-in-region', 'image outside the content region'],
  ]);
});

test('media-in-region: no region, no image; a doubtful image inside stays other', () => {
  const doc = new BlockBuilder().image('body').text(para(20), 'body').image('other', 0.8).probsOfLast({ body: 0.2, other: 0.8 }).build();
  assert.deepEqual(noteRows(runRule(mediaInRegion, doc)), [[0, 'body', 'other', 'media-in-region', 'image outside the content region']]);
  assert.deepEqual(runRule(mediaInRegion, doc, {}, (st) => { st.region = [1, 1]; }).notes, []);
});

test('media-in-region: a lead image in a <figure> needs less belief (leadFigureMinBody) than a bare one', () => {
  const build = (path: string) => new BlockBuilder().image('other', 0.51).probsOfLast({ body: 0.49, other: 0.51 }).atPath(path)
    .text('The mill at low water.', 'other').text(para(50), 'body').text(para(50), 'body').build();
  const figure = runRule(mediaInRegion, build('html/body/article/figure/img'), {}, (st) => { st.region = [2, 3]; });
  assert.deepEqual(noteRows(figure), [[0, 'other', 'body', 'media-in-region', 'image inside the content region']]);
  const bare = runRule(mediaInRegion, build('html/body/article/img'), {}, (st) => { st.region = [2, 3]; });
  assert.deepEqual(bare.notes, []);
  const old = runRule(mediaInRegion, build('html/body/article/figure/img'), { leadFigureMinBody: 0.5 }, (st) => { st.region = [2, 3]; });
  assert.deepEqual(old.notes, []);
});

test('media-in-region: a photo whose box holds a caption is a figure: it may stand six blocks before the region and keeps its caption', () => {
  const { none, captioned, caption, control } = BlockRole;
  const doc = new BlockBuilder().image('other', 0.6).probsOfLast({ body: 0.4, other: 0.6 }).text('Losing sleep leaves you groggy.', 'other')
    .text('hide caption', 'other').text('Jane Doe/Getty Images', 'other').text('toggle caption', 'other').text('Jane Doe/Getty Images', 'other')
    .text(para(50), 'body').text(para(50), 'body').build();
  const roles = [captioned, caption, control, none, control, none, none, none];
  const s = runRule(mediaInRegion, doc, { blockRoles: roles }, (st) => { st.region = [6, 7]; });
  assert.deepEqual(noteRows(s).map((r) => [r[0], r[4]]), [[0, 'image inside the content region'], [1, "the lead photo's caption"]]);
  assert.deepEqual(runRule(mediaInRegion, doc, {}, (st) => { st.region = [6, 7]; }).notes, [], 'a bare image six blocks before stays out');
});

test('media-in-region: a lead photo keeps its caption, but not one that carries its credit', () => {
  const { captioned, caption, none } = BlockRole;
  const build = (captionText: string) => new BlockBuilder().image('body', 0.6).text(captionText, 'other')
    .text(para(50), 'body').text(para(50), 'body').build();
  const roles = [captioned, caption, none, none];
  const plain = runRule(mediaInRegion, build('The mill has stood empty since 1998.'), { blockRoles: roles }, (st) => { st.region = [2, 3]; });
  assert.equal(plain.labels[1], 'body');
  for (const credited of ['Striking members of the union last year. Photograph: Guy Smallman/Getty Images', 'Un grupo de pingüinos, en la Antártida. EFE', 'The harbour at dusk. © Jane Doe', 'Paris Haute Couture SS14, Serkan Cura, Bild via']) {
    const s = runRule(mediaInRegion, build(credited), { blockRoles: roles }, (st) => { st.region = [2, 3]; });
    assert.deepEqual([s.labels[0], s.labels[1]], ['body', 'other'], credited);
  }
});

test('media-in-region: an image a rule dropped (a teaser box after "Related Posts") stays other inside the region', () => {
  const doc = new BlockBuilder().text(para(50), 'body').text('Related Posts', 'other').image('other', 0.55).probsOfLast({ body: 0.45, other: 0.55 })
    .text(para(30), 'other').text(para(50), 'body').build();
  const s = runRule(mediaInRegion, doc, {}, (st) => {
    st.region = [0, 4];
    st.drop(2, 'in the box a lead-in introduces');
  });
  assert.equal(s.labels[2], 'other');
  assert.deepEqual(s.notes.filter((n) => n.rule === 'media-in-region'), []);
  const kept = runRule(mediaInRegion, doc, {}, (st) => { st.region = [0, 4]; });
  assert.equal(kept.labels[2], 'body', 'undropped, the image inside the region is body');
});
