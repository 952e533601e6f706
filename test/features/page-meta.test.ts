import { test } from 'node:test';
import assert from 'node:assert/strict';
import { productDescriptions } from '../../src/features/page-meta.js';

const script = (o: unknown): string => JSON.stringify(o);

test('productDescriptions: the page\'s own product (top level, @graph, a ProductGroup, a schema URL type), as paragraphs, each once', () => {
  const tree = {
    jsonLd: [
      script({ '@type': 'Product', name: 'Trail Jacket', description: '<p>Keeps the rain out.</p><p>Folds into its hood.</p>' }),
      script({ '@graph': [{ '@type': 'WebPage' }, { '@type': 'ProductGroup', description: 'Wool runner &amp; friends' }] }),
      script({ '@type': ['http://schema.org/Product'], description: 'Keeps the rain out.<br>Folds into its hood.' }),
    ],
  };
  assert.deepEqual(productDescriptions(tree), [['Keeps the rain out.', 'Folds into its hood.'], ['Wool runner & friends']]);
});

test('productDescriptions: not products the page only mentions, not articles, not descriptions that are not text', () => {
  const tree = {
    jsonLd: [
      script({ '@type': 'Review', description: 'A review', itemReviewed: { '@type': 'Product', description: 'The reviewed product' } }),
      script({ '@type': 'NewsArticle', description: 'A story' }),
      script({ '@type': 'Product', description: { text: 'not a string' } }),
      script({ '@type': 'Product', description: '  ' }),
    ],
  };
  assert.deepEqual(productDescriptions(tree), []);
  assert.deepEqual(productDescriptions({ jsonLd: [] }), []);
});
