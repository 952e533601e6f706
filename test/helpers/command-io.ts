/** Running a CLI command in the test's own process, with its output captured. */
import { PassThrough } from 'node:stream';
import type { Command } from '../../src/cli/command.js';

/** What an in-process command run gave: its exit code, stdout and stderr. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with `argv` in this process (a refusal rejects, as main turns it into exit 2 or 3). */
export async function runInProcess(command: Command, argv: string[]): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough().on('data', (d) => (stdout += String(d)));
  const err = new PassThrough().on('data', (d) => (stderr += String(d)));
  const code = await command.run(argv, { stdout: out, stderr: err, stdin: new PassThrough() });
  return { code, stdout, stderr };
}
