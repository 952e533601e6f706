import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPithError } from '../../src/errors.js';
import { explainImportError, missingOptionalPackage, missingPackageError } from '../../src/util/optional-package.js';

const failedImport = async (specifier: string): Promise<unknown> => {
  try {
    await import(specifier);
  } catch (e) {
    return e;
  }
  assert.fail(`${specifier} imported`);
};

test('an absent package that is not an optional one is reported as it is', async () => {
  const e = await failedImport('pith-no-such-package');
  assert.equal(missingOptionalPackage(e), undefined);
  assert.equal(explainImportError(e, 'pith thing'), e);
  assert.equal(explainImportError(new Error("Cannot find package 'bullmq'"), 'pith thing') instanceof Error, true, 'no ERR_MODULE_NOT_FOUND code: not a missing package');
});

test('a missing optional package names what to install, with the packages it goes with', () => {
  const e = Object.assign(new Error("Cannot find package 'ioredis' imported from /x/queue.js"), { code: 'ERR_MODULE_NOT_FOUND' });
  assert.equal(missingOptionalPackage(e), 'ioredis');
  const why = explainImportError(e, 'pith queue');
  assert.ok(isPithError(why) && why.code === 'MISSING_PACKAGE');
  assert.equal((why as Error).message, 'pith queue needs bullmq and ioredis: npm install bullmq ioredis');
  assert.equal(missingPackageError('reading WARC files', 'warcio').message, 'reading WARC files needs warcio: npm install warcio');
});
