/** A progress bar on stderr for long work; silent when stderr is not a terminal (CI, pipes) unless forced. */
export class Progress {
  private done = 0;
  private lastDraw = 0;
  private readonly startedAt = Date.now();
  private readonly tty: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly stream: NodeJS.WritableStream = process.stderr,
  ) {
    this.tty = Boolean((stream as { isTTY?: boolean }).isTTY);
  }

  tick(n = 1): void {
    this.done += n;
    const now = Date.now();
    if (now - this.lastDraw < 100 && this.done < this.total) return;
    this.lastDraw = now;
    this.draw();
  }

  /** Sets the absolute count (for work that reports its own position). */
  update(done: number): void {
    this.done = done - 1;
    this.tick();
  }

  private draw(): void {
    if (!this.tty) return;
    const width = 30;
    const frac = this.total > 0 ? Math.min(1, this.done / this.total) : 1;
    const filled = Math.round(frac * width);
    const secs = (Date.now() - this.startedAt) / 1000;
    const eta = frac > 0 && frac < 1 ? ` eta ${Math.round((secs / frac) * (1 - frac))}s` : '';
    this.stream.write(`\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total}${eta}  `);
  }

  finish(): void {
    if (this.tty) this.stream.write('\n');
    else this.stream.write(`${this.label}: ${this.done}/${this.total} in ${((Date.now() - this.startedAt) / 1000).toFixed(1)}s\n`);
  }
}
