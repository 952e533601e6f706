import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { PithError } from '../errors.js';

/** The stats of `path`, a regular file: NOT_FOUND when nothing is there, NOT_A_FILE (with `notRegular`) for a folder, device or pipe. */
export async function requireRegularFile(path: string, notRegular: string): Promise<Stats> {
  let st;
  try {
    st = await stat(path);
  } catch (e) {
    throw new PithError('NOT_FOUND', 'no such file', path, { cause: e });
  }
  if (!st.isFile()) throw new PithError('NOT_A_FILE', notRegular, path);
  return st;
}
