/**
 * Request bodies under a size limit, for pith's HTTP servers (the label server, `pith serve`):
 * nothing past the limit is ever kept, and a refused body is drained without a reset so the
 * client still reads the refusal.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Why a body was not read whole. */
export class BodyError extends Error {
  constructor(readonly reason: 'too-large' | 'aborted' | 'failed', message: string) {
    super(message);
    this.name = 'BodyError';
  }
}

/**
 * The request body, at most `limit` bytes: a declared Content-Length over it is refused before
 * anything is read, a streamed one as soon as it passes (reading stops and the chunks are let go).
 */
export function readBodyLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): BodyError => new BodyError('too-large', `request body above the limit of ${limit} bytes (${(limit / 1024 / 1024).toFixed(1)} MiB)`);
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size > limit) {
        stop();
        req.pause();
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(c);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (e: Error): void => {
      stop();
      reject(new BodyError('failed', `request body not received (${e.message})`));
    };
    const onClose = (): void => {
      if (req.complete) return;
      stop();
      reject(new BodyError('aborted', 'the client closed the connection before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** After refusing a body: how much more of it is read (and dropped, never kept) at most, and for how long. */
const LINGER_BYTES = 16 * 1024 * 1024;
export const LINGER_MS = 1000;

/**
 * Closes the connection of a request whose body was refused, gracefully. Node closes such a
 * connection as soon as the reply is written; with the client still sending, that close is a
 * reset, and the client may lose the reply before reading it. So, as nginx's lingering close
 * does, the reply is followed by a half-close (FIN) and what still arrives is dropped, at most
 * LINGER_BYTES / LINGER_MS, while the client reads the reply and stops; then the connection
 * is closed. Nothing is kept.
 */
export function lingeringClose(req: IncomingMessage): void {
  if (req.complete) return;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  let left = LINGER_BYTES;
  const close = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.destroySoon = () => socket.end(); // Node's close-after-reply: half-close only
  req.removeAllListeners('data');
  req.on('data', (c: Buffer) => {
    left -= c.length;
    if (left <= 0) close();
  });
  req.once('end', close);
  req.resume();
}
