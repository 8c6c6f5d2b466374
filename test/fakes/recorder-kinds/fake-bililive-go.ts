import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { kindFixture } from '../../helpers/kind-fixtures';

/** A fake bililive-go: its `/api/sse` and `/api/lives/{id}` (bililive-go/bililive-go src/servers). */
export interface FakeBililiveGo {
  url: string;
  /** The commands it took (`POST /api/lives/{id}/startRecord`), in order. */
  calls: string[];
  /** How many SSE streams are open now. */
  streams(): number;
  /** Sends one frame to every stream as `sse.go` writes it: `event: <type>` / `data: <json>`. */
  send(frame: Record<string, unknown>): void;
  /** bililive-go stopping: every stream dropped, the port closed. */
  down(): Promise<void>;
  /** bililive-go started again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake on loopback, its one room `live` (the fixture `bililive-go/live.json`). */
export async function startFakeBililiveGo(
  live: Record<string, unknown> = kindFixture('bililive-go/live.json'),
): Promise<FakeBililiveGo> {
  const open = new Set<ServerResponse>();
  const calls: string[] = [];
  let server: Server;
  const listen = async (port: number): Promise<number> => {
    server = createServer((req, res) => {
      if (req.url === '/api/sse') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        res.write('event: connected\ndata: {"message":"SSE connected","clients":1}\n\n');
        open.add(res);
        req.on('close', () => open.delete(res));
        return;
      }
      if (req.url === '/api/lives') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify([live]));
      }
      const command = `/api/lives/${live.id}/`;
      if (
        req.method === 'POST' &&
        /\/(start|stop)Record$/.test(req.url ?? '') &&
        req.url!.startsWith(command)
      ) {
        calls.push(`POST ${req.url}`);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"err_no":0}');
      }
      if (req.url === `/api/lives/${live.id}`) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify(live));
      }
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"err_no":404}');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const shut = async (): Promise<void> => {
    open.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    streams: () => open.size,
    send: (frame) => {
      for (const res of open)
        res.write(`event: ${String(frame.type)}\ndata: ${JSON.stringify(frame)}\n\n`);
    },
    down: shut,
    up: async () => void (await listen(port)),
    close: shut,
  };
}
