import type { ServerResponse } from 'node:http';

/** Answers with `body` as JSON (UTF-8, its length given); nothing if an answer went out already. */
export function sendJson(res: ServerResponse, status: number, body: object): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
