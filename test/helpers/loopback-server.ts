/** A throwaway HTTP server on 127.0.0.1 for a test: started, and closed when the test ends. */
import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { TestContext } from 'node:test';

/** Starts `handler` on a free loopback port; its base URL (`http://127.0.0.1:PORT`). */
export async function loopbackServer(t: TestContext, handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
