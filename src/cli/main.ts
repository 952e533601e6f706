/** `pith <command> ...`: finds the command files, dispatches, maps errors to exit codes. */
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isPithError } from '../errors.js';
import { EXIT, type Command, type CommandIO } from './command.js';
import { explainImportError } from '../util/optional-package.js';

const commandsDir = new URL('./commands/', import.meta.url);

/** Command files by name (`corpus.js` -> `corpus`); each is imported only when needed. */
async function commandFiles(): Promise<Map<string, URL>> {
  const files = (await readdir(fileURLToPath(commandsDir))).filter((f) => f.endsWith('.js')).sort();
  return new Map(files.map((f) => [f.replace(/\.js$/, ''), new URL(f, commandsDir)]));
}

async function importCommand(url: URL): Promise<Command | undefined> {
  const mod = (await import(url.href)) as { command?: Command };
  return mod.command;
}

/** Every command that loads; one that fails to load is listed with the reason instead of breaking the others. */
async function loadCommands(): Promise<Map<string, Command>> {
  const out = new Map<string, Command>();
  for (const [name, url] of await commandFiles()) {
    try {
      const cmd = await importCommand(url);
      if (cmd) out.set(cmd.name, cmd);
    } catch (e) {
      const why = explainImportError(e, `pith ${name}`);
      out.set(name, { name, summary: `(unavailable: ${(why as Error).message.split('\n')[0]})`, help: '', run: () => Promise.reject(why) });
    }
  }
  return out;
}

function usage(commands: Map<string, Command>): string {
  const width = Math.max(...[...commands.keys()].map((k) => k.length), 8);
  const lines = [...commands.values()].map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `pith: extract the title, headings and body text of web pages\n\nUsage: pith <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'pith <command> --help' for a command's options.\n`;
}

export async function main(argv: readonly string[], io: CommandIO = process): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage(await loadCommands()));
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name === '--version') {
    io.stdout.write('pith 0.1.0\n');
    return EXIT.ok;
  }
  const url = (await commandFiles()).get(name);
  let cmd: Command | undefined;
  try {
    cmd = url ? await importCommand(url) : undefined;
  } catch (e) {
    // A command whose optional packages are absent (pith queue without bullmq) says what to install.
    const why = explainImportError(e, `pith ${name}`);
    if (!isPithError(why)) throw e;
    io.stderr.write(`${why.message}\n`);
    return EXIT.input;
  }
  if (!cmd) {
    io.stderr.write(`pith: unknown command '${name}'\n\n${usage(await loadCommands())}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(cmd.help.endsWith('\n') ? cmd.help : cmd.help + '\n');
    return EXIT.ok;
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    if (isPithError(e)) {
      io.stderr.write(`pith ${name}: ${e.message}\n`);
      return e.code === 'BAD_OPTION' ? EXIT.usage : EXIT.input;
    }
    io.stderr.write(`pith ${name}: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return EXIT.failure;
  }
}
