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

/** What bililive-go's `GET /api/info` answers. */
export const BILILIVE_GO_INFO = {
  app_name: 'BiliLive-go',
  app_version: 'v0.8.0',
  build_time: '2025-06-01T00:00:00Z',
  git_hash: 'a1b2c3d',
  pid: 7,
  platform: 'linux/amd64',
  go_version: 'go1.24.3',
  is_docker: 'false',
  puid: '',
  pgid: '',
  umask: '',
  is_launcher_managed: false,
  bgo_exe_path: '/usr/bin/bililive-go',
};

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
      // src/servers/server.go `/info` → consts.GetAppInfo() (src/consts/consts.go `Info`).
      if (req.url === '/api/info') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify(BILILIVE_GO_INFO));
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
