import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake service received, its body parsed as JSON or form fields when it was one. */
export interface ReceivedPush {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: any;
}

/** What a fake answers: a status and a JSON body. */
export interface FakeAnswer {
  status: number;
  json: unknown;
}

/** A fake push service on 127.0.0.1 that follows one service's documented request format. */
export interface FakePushServer {
  url: string;
  port: number;
  received: ReceivedPush[];
  /** While true, every request is answered 503 (a service restarting) and not recorded as taken. */
  down: boolean;
  /** Requests answered 503 while down. */
  refused: number;
  close(): Promise<void>;
}

function parseBody(text: string, type: string | undefined): any {
  if (type?.startsWith('application/json')) return JSON.parse(text);
  if (type?.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/**
 * Starts a fake on a free port; `handle` judges each request the way the real service does (a
 * thrown error answers 500). Taken requests are recorded in `received`.
 */
export async function startFakePushServer(
  handle: (request: ReceivedPush) => FakeAnswer,
  port = 0,
): Promise<FakePushServer> {
  const fake = { received: [] as ReceivedPush[], down: false, refused: 0 } as FakePushServer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (fake.down) {
        fake.refused += 1;
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let answer: FakeAnswer;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        const request: ReceivedPush = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: parseBody(text, req.headers['content-type']),
        };
        answer = handle(request);
        if (answer.status < 300) fake.received.push(request);
      } catch (error) {
        answer = { status: 500, json: { error: String(error) } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  fake.port = address.port;
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
