/**
 * The batch output's appender: lines wait here while a write is under way, then go out
 * together; each line goes out whole, in one append, so a crash can tear at most the last one
 * (cut on resume).
 */
/** Where the lines go: the output file's handle, or standard output (`--out -`). */
export interface LineSink {
  appendFile(text: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A stream as a line sink (`--out -`: the command's standard output, which takes a pipe, a
 * socket, a terminal or a file alike; opening /dev/stdout fails on a socket).
 */
export function streamSink(stream: NodeJS.WritableStream): LineSink {
  // A failed write rejects its append through the write's callback. The 'error' event that
  // follows is the stream owner's to act on (bin/pith.js ends on EPIPE with exit 0); with no
  // listener at all it would be thrown. Closing hands the stream's errors back to its owner.
  const ignoreError = (): void => undefined;
  stream.on('error', ignoreError);
  return {
    appendFile: (text) => new Promise<void>((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve()))),
    close: async () => {
      stream.removeListener('error', ignoreError);
    },
  };
}

export class LineWriter {
  private waiting: string[] = [];
  private waitingFailed = 0;
  private writing = false;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];
  /** Lines written so far, and how many of them were failures. */
  written = 0;
  writtenFailed = 0;

  constructor(
    private readonly handle: LineSink,
    /** After each append, with the lines written so far. */
    private readonly onWritten: (written: number) => void,
    /** An append failed: nothing more is written. */
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Queues one line (`ok`: not an error line). */
  add(line: string, ok: boolean): void {
    this.waiting.push(line);
    if (!ok) this.waitingFailed++;
    this.flush();
  }

  /** Writes nothing more (the batch failed). */
  stop(): void {
    this.stopped = true;
    this.wakeIdle();
  }

  /** Resolves once every line added so far is written (or the writer stopped). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.stopped || (!this.writing && this.waiting.length === 0);
  }

  private wakeIdle(): void {
    if (!this.isIdle()) return;
    const waiting = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiting) wake();
  }

  private flush(): void {
    if (this.writing || this.waiting.length === 0 || this.stopped) return;
    this.writing = true;
    const lines = this.waiting, bad = this.waitingFailed;
    this.waiting = [];
    this.waitingFailed = 0;
    this.handle.appendFile(lines.join('\n') + '\n').then(() => {
      this.writing = false;
      this.writtenFailed += bad;
      this.written += lines.length;
      this.onWritten(this.written);
      this.flush();
      this.wakeIdle();
    }, (e: unknown) => {
      this.stopped = true;
      this.onError(e);
      this.wakeIdle();
    });
  }
}
