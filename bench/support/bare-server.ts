import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The ceiling the bench compares against: a bare node:http server that reads the body, parses
 * the JSON and answers 204 — everything a webhook listener must do at the least, nothing more.
 */
export async function startBareServer(): Promise<{
  server: Server;
  port: number;
  received: () => number;
}> {
  let received = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        received += 1;
        res.statusCode = 204;
      } catch {
        res.statusCode = 400;
      }
      res.end();
    });
  });
  server.keepAliveTimeout = 10_000; // as the real listener
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received: () => received };
}
