import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake ntfy server from binwiederhier/ntfy's docs: publish as JSON (`POST /` with `{topic,
// title, message, actions…}`, docs.ntfy.sh/publish) or a plain body (`POST /<topic>`, what an `http`
// action sends); subscribe as a JSON stream (`GET /<topic>/json`, one object a line: an `open`
// event first, then `message` events with `id`, `time` in unix seconds, `topic`, `message`;
// docs.ntfy.sh/subscribe/api).

/** A message the fake holds. */
export interface NtfyPublished {
  id: string;
  time: number;
  event: 'message';
  topic: string;
  message: string;
  title?: string;
  actions?: any[];
}

/** The fake's handle. */
export interface FakeNtfy {
  url: string;
  published: NtfyPublished[];
  /** Subscribers open now, per topic. */
  subscribers(topic: string): number;
  close(): Promise<void>;
}

/** Starts the fake ntfy server on 127.0.0.1. */
export async function startFakeNtfy(): Promise<FakeNtfy> {
  const published: NtfyPublished[] = [];
  const streams = new Map<string, Set<ServerResponse>>();
  let next = 1;
  const publish = (topic: string, fields: Partial<NtfyPublished>) => {
    const message: NtfyPublished = {
      id: `m${next++}`,
      time: Math.floor(Date.now() / 1000),
      event: 'message',
      topic,
      message: '',
      ...fields,
    };
    published.push(message);
    for (const res of streams.get(topic) ?? []) res.write(`${JSON.stringify(message)}\n`);
    return message;
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const subscribe = /^\/([-\w]{1,64})\/json$/.exec(url.pathname);
      if (req.method === 'GET' && subscribe) {
        const topic = subscribe[1]!;
        res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8' });
        res.write(
          `${JSON.stringify({ id: `o${next++}`, time: Math.floor(Date.now() / 1000), event: 'open', topic })}\n`,
        );
        const since = url.searchParams.get('since');
        if (since)
          for (const m of published.slice(published.findIndex((p) => p.id === since) + 1))
            if (m.topic === topic) res.write(`${JSON.stringify(m)}\n`);
        const set = streams.get(topic) ?? new Set();
        set.add(res);
        streams.set(topic, set);
        res.on('close', () => set.delete(res));
        return;
      }
      if (req.method !== 'POST' && req.method !== 'PUT')
        return res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 40401, http: 404, error: 'page not found' }));
      const topicPath = /^\/([-\w]{1,64})$/.exec(url.pathname)?.[1];
      const json = topicPath ? undefined : JSON.parse(body);
      const message = topicPath
        ? publish(topicPath, { message: body })
        : publish(json.topic, {
            message: json.message,
            title: json.title,
            ...(json.actions ? { actions: json.actions } : {}),
          });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    published,
    subscribers: (topic) => streams.get(topic)?.size ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
