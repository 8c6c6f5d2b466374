import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** A fake blrec serving its event WebSocket (acgnhiki/blrec src/blrec/web/routers/websockets.py). */
export interface FakeBlrec {
  /** Its API address, as the recorder's URL in the settings. */
  url: string;
  /** How many event sockets are open now. */
  connected(): number;
  /** How many handshakes were tried, refused ones included. */
  attempts(): number;
  /** The API calls it took (`POST /api/v1/tasks/… x-api-key=…`), in order. */
  calls: string[];
  /** Sends one event to every open socket, as blrec's `send_event` does (`json.dumps`). */
  send(event: unknown): void;
  /** blrec restarting: every socket dropped, the port closed, then listening again on it. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** What blrec's `GET /api/v1/app/info` answers (`AppInfo`: name, version, pid, ppid, create_time, cwd, exe, cmdline). */
export const BLREC_INFO = {
  name: 'blrec',
  version: '2.0.0-beta.4',
  pid: 4242,
  ppid: 1,
  create_time: 1717419600.5,
  cwd: '/rec',
  exe: '/usr/local/bin/python3.10',
  cmdline: ['blrec', '--host', '0.0.0.0', '--api-key', '***'],
};

/**
 * Starts the fake on loopback. With `apiKey`, a handshake without that `x-api-key` is answered
 * 401 (blrec's `security.authenticate`: "No api key", or a wrong one).
 */
export async function startFakeBlrec(options: { apiKey?: string } = {}): Promise<FakeBlrec> {
  const sockets = new WebSocketServer({ noServer: true });
  let attempts = 0;
  const calls: string[] = [];
  let server: Server;
  const listen = async (port: number): Promise<number> => {
    server = createServer((req, res) => {
      // Every route is behind the key once one is set (src/blrec/web/main.py `dependencies`).
      if (options.apiKey && req.headers['x-api-key'] !== options.apiKey)
        return void res.writeHead(401).end('{"detail":"No api key"}');
      // src/blrec/web/routers/application.py: `AppInfo` (src/blrec/application.py) as a dict.
      if (req.method === 'GET' && req.url === '/api/v1/app/info') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(JSON.stringify(BLREC_INFO));
      }
      // src/blrec/web/routers/tasks.py: a task's recorder enabled or disabled.
      const route = /^\/api\/v1\/tasks\/(\d+)\/recorder\/(enable|disable)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !route) return void res.writeHead(404).end();
      calls.push(`POST ${req.url} x-api-key=${String(req.headers['x-api-key'])}`);
      const status = route[2] === 'disable' ? 202 : 200;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end('{"message":"The task recorder has been enabled"}');
    });
    server.on('upgrade', (req, socket, head) => {
      attempts += 1;
      const keyOk = !options.apiKey || req.headers['x-api-key'] === options.apiKey;
      if (req.url !== '/ws/v1/events' || !keyOk) {
        socket.end(`HTTP/1.1 ${keyOk ? 404 : 401} Refused\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const shut = async (): Promise<void> => {
    for (const client of sockets.clients) (client as WebSocket).terminate();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    connected: () => [...sockets.clients].filter((c) => c.readyState === c.OPEN).length,
    attempts: () => attempts,
    calls,
    send: (event) => {
      for (const client of sockets.clients) client.send(JSON.stringify(event));
    },
    restart: async () => {
      await shut();
      await listen(port);
    },
    close: async () => {
      await shut();
      sockets.close();
    },
  };
}
