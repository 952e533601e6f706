/** The page files of the shared corpora, as the benchmarks read them in place. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Page files under `root` (recursively), sorted; annotation and gold folders and expected outputs left out. */
export async function listPageFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const stack = [root];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!/^(annotated|GoldStandard|ground-truth)$/.test(e.name)) stack.push(p);
      } else if (/\.html?(\.gz)?$/.test(e.name) && e.name !== 'expected.html') out.push(p);
    }
  }
  return out.sort();
}

/** The page files a bench names: those under a folder (listPageFiles), or the lines of a file listing them. */
export async function pageFiles(dirOrList: string): Promise<string[]> {
  if ((await stat(dirOrList)).isDirectory()) return listPageFiles(dirOrList);
  return (await readFile(dirOrList, 'utf8')).split('\n').filter((line) => line.trim() !== '');
}
