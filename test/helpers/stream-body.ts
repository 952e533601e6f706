/** A client that streams a large request body until the server answers (for 413 tests). */
import { request } from 'node:http';

export interface StreamAnswer {
  readonly status: number;
  readonly body: string;
  /** Bytes sent before the answer came. */
  readonly sentBeforeAnswer: number;
}

/**
 * POSTs a body of `fill` bytes to 127.0.0.1:`port``path` in `chunkBytes` chunks until the server
 * answers or `total` bytes are sent; resolves with the status, the body and how much was sent first.
 */
export function streamUntilAnswered(
  port: number, path: string, total: number, headers: Record<string, string>, fill = 0x78, chunkBytes = 256 * 1024,
): Promise<StreamAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, agent: false, headers });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(chunkBytes, fill);
    req.on('response', (res) => {
      answered = true;
      const at = sent;
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer: at }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer: at }));
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const pump = (): void => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}
