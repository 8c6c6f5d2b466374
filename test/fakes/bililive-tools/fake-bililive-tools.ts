import type { FakeAnswer, ReceivedPush } from '../push-services/fake-push-server';

/**
 * biliLive-tools' webhook routes as its packages/http/src/routes/webhook.ts answers them:
 * `GET /webhook` says its server runs; `POST /webhook/custom` takes FileOpening, FileClosed or
 * FileError with filePath and roomId, and for the first two time, title and username, answering
 * "ok"; anything missing throws, which its error middleware answers 500 with the message.
 */
export function bililiveToolsService() {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.method === 'GET' && r.path === '/webhook')
      return { status: 200, json: 'webhook 服务器已启动' };
    if (r.method !== 'POST' || r.path !== '/webhook/custom')
      return { status: 404, json: 'Not Found' };
    const event = (r.body ?? {}) as Record<string, unknown>;
    const refuse = (message: string): FakeAnswer => ({ status: 500, json: message });
    if (!['FileOpening', 'FileClosed', 'FileError'].includes(String(event.event)))
      return refuse('event should be FileOpening or FileClosed or FileError');
    if (!event.filePath) return refuse('filePath is required');
    if (!event.roomId) return refuse('roomId is required');
    if (event.event !== 'FileError') {
      if (!event.time) return refuse('time is required');
      if (!event.title) return refuse('title is required');
      if (!event.username) return refuse('username is required');
    }
    return { status: 200, json: 'ok' };
  };
}
