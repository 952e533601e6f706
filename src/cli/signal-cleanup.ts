/**
 * Cleaning up before a signal ends the process: `pith batch` releases its output lock, `pith
 * train --example` removes its temporary folder.
 */

/** The signals that end a CLI run. */
const ENDING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * On an ending signal, runs `cleanUp` (synchronously: the process is about to die), then lets the
 * signal's own action (death) follow. Returns the function that takes the handlers away again.
 */
export function cleanUpOnSignal(cleanUp: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanUp();
    for (const s of ENDING_SIGNALS) process.removeListener(s, onSignal);
    process.kill(process.pid, signal);
  };
  for (const s of ENDING_SIGNALS) process.on(s, onSignal);
  return () => {
    for (const s of ENDING_SIGNALS) process.removeListener(s, onSignal);
  };
}
