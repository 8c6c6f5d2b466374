import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A baseline receiver as the benches run it: its server, port and a close that waits. */
export interface BaselineReceiver {
  server: Server;
  port: number;
  close: () => Promise<void>;
}

/**
 * The bare `node:http` part the baseline receivers share (bare-server.ts, durable-receiver.ts,
 * sqlite-receiver.ts): reads each body whole, hands it to `onBody` with its response to answer, and
 * listens on loopback with the real listener's keep-alive. `closed` runs once the server closed.
 */
export async function startBodyServer(
  onBody: (body: Buffer, res: ServerResponse) => void,
  closed: () => void,
): Promise<BaselineReceiver> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => onBody(Buffer.concat(chunks), res));
  });
  server.keepAliveTimeout = 10_000; // as the real listener
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          closed();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
