import { createServer, request, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A raw HTTP response as the tests look at it. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

/** Sends one HTTP request with exact headers and body bytes (no fetch defaults such as Origin). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Posts a webhook body the way the recorder does: JSON without charset, its User-Agent. */
export function postWebhook(
  url: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'BililiveRecorder/2.11.1',
      ...headers,
    },
    body,
  });
}

/**
 * Serves `handler` on 127.0.0.1 (any free port) and returns its base URL; the server's close is
 * pushed onto `cleanups`, for the test file's afterEach.
 */
export async function serveOnLoopback(
  handler: RequestListener,
  cleanups: (() => Promise<void>)[],
): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
