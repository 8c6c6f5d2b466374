import { closeSync, fdatasync, openSync, writeSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * The baseline of issue 32: the least a receiver that promises "answered means kept" must do. A
 * bare node:http server that reads the body, parses the JSON, appends the body to a file, and
 * answers 204 only after that file's fdatasync; the bodies of one event-loop turn share one
 * fdatasync (a group commit, as the app's database does).
 */
export async function startDurableReceiver(dir: string): Promise<{
  server: Server;
  port: number;
  close: () => Promise<void>;
}> {
  const fd = openSync(join(dir, 'durable-receiver.log'), 'a');
  let waiting: { body: Buffer; res: ServerResponse }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    for (const { body } of batch) writeSync(fd, Buffer.concat([body, Buffer.from('\n')]));
    fdatasync(fd, (error) => {
      for (const { res } of batch) {
        res.statusCode = error ? 500 : 204;
        res.end();
      }
    });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        res.statusCode = 400;
        res.end();
        return;
      }
      waiting.push({ body, res });
      if (waiting.length === 1) setImmediate(flush);
    });
  });
  server.keepAliveTimeout = 10_000; // as the real listener
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          closeSync(fd);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
