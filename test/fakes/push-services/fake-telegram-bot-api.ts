import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake Telegram Bot API on 127.0.0.1, from core.telegram.org/bots/api: `POST /bot<token>/<method>`
// with a JSON body; answers `{"ok":true,"result":…}` or `{"ok":false,"error_code":…,
// "description":…[,"parameters":{"retry_after":…}]}`. getUpdates long-polls up to `timeout`
// seconds; an update is confirmed (dropped) by a later call with a higher `offset`; a second
// getUpdates while one waits ends the first with 409 Conflict.

/** A call the fake received. */
export interface BotCall {
  method: string;
  body: any;
  at: number;
}

/** An error the next call of a method gets. */
export interface ScriptedError {
  code: number;
  description: string;
  retryAfter?: number;
}

/** The fake's handle. */
export interface FakeTelegramBotApi {
  /** The address for a target's `?api=`. */
  url: string;
  calls: BotCall[];
  /** Calls of one method. */
  callsOf(method: string): BotCall[];
  /** A user writes in a chat (date: unix seconds, default now). */
  userSays(chatId: number, fromId: number, text: string, date?: number): void;
  /** A user presses an inline button under a message of a chat. */
  userPresses(chatId: number, fromId: number, data: string): string;
  /** The next call of `method` fails so. */
  failNext(method: string, error: ScriptedError): void;
  close(): Promise<void>;
}

interface Waiting {
  offset: number;
  res: ServerResponse;
  timer: ReturnType<typeof setTimeout>;
}

/** Starts the fake for one bot token. */
export async function startFakeTelegramBotApi(
  token: string,
  username = 'tray_test_bot',
): Promise<FakeTelegramBotApi> {
  const calls: BotCall[] = [];
  let updates: { update_id: number }[] = [];
  let nextId = 100;
  let nextMessage = 1;
  let waiting: Waiting | undefined;
  const scripted = new Map<string, ScriptedError[]>();

  const answer = (res: ServerResponse, status: number, json: unknown) => {
    if (!res.writableEnded)
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  };
  const fail = (res: ServerResponse, error: ScriptedError) =>
    answer(res, error.code, {
      ok: false,
      error_code: error.code,
      description: error.description,
      ...(error.retryAfter !== undefined ? { parameters: { retry_after: error.retryAfter } } : {}),
    });
  const pending = (offset: number) => updates.filter((u) => u.update_id >= offset);
  const wake = () => {
    if (!waiting || pending(waiting.offset).length === 0) return;
    const { res, offset, timer } = waiting;
    clearTimeout(timer);
    waiting = undefined;
    answer(res, 200, { ok: true, result: pending(offset) });
  };
  const push = (update: object) => {
    updates.push({ update_id: nextId++, ...update });
    wake();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, given, method] = match as unknown as [string, string, string];
      if (given !== token)
        return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text === '' ? {} : JSON.parse(text);
      calls.push({ method, body, at: Date.now() });
      const error = scripted.get(method)?.shift();
      if (error) return fail(res, error);
      switch (method) {
        case 'getMe':
          return answer(res, 200, {
            ok: true,
            result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Tray', username },
          });
        case 'setMyCommands':
          return answer(res, 200, { ok: true, result: true });
        case 'getUpdates': {
          const offset = typeof body.offset === 'number' ? body.offset : 0;
          updates = updates.filter((u) => u.update_id >= offset); // confirmed
          if (waiting) {
            clearTimeout(waiting.timer);
            fail(waiting.res, {
              code: 409,
              description:
                'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
            });
          }
          const now = pending(offset);
          if (now.length > 0 || !body.timeout) return answer(res, 200, { ok: true, result: now });
          const timer = setTimeout(() => {
            waiting = undefined;
            answer(res, 200, { ok: true, result: [] });
          }, body.timeout * 1000);
          waiting = { offset, res, timer };
          res.on('close', () => {
            if (waiting?.res !== res) return;
            clearTimeout(timer);
            waiting = undefined;
          });
          return;
        }
        case 'sendMessage':
        case 'sendPhoto':
          return answer(res, 200, {
            ok: true,
            result: {
              message_id: nextMessage++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(body.chat_id) },
            },
          });
        case 'answerCallbackQuery':
          return answer(res, 200, { ok: true, result: true });
        default:
          return answer(res, 404, {
            ok: false,
            error_code: 404,
            description: 'Not Found: method not found',
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    userSays: (chatId, fromId, text, date = Math.floor(Date.now() / 1000)) =>
      push({
        message: {
          message_id: nextMessage++,
          date,
          chat: { id: chatId, type: chatId < 0 ? 'group' : 'private' },
          from: { id: fromId, is_bot: false, first_name: 'U' },
          text,
        },
      }),
    userPresses: (chatId, fromId, data) => {
      const id = `cb${nextId}`;
      push({
        callback_query: {
          id,
          from: { id: fromId, is_bot: false, first_name: 'U' },
          chat_instance: 'x',
          message: {
            message_id: 1,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: chatId < 0 ? 'group' : 'private' },
          },
          data,
        },
      });
      return id;
    },
    failNext: (method, error) => scripted.set(method, [...(scripted.get(method) ?? []), error]),
    close: () =>
      new Promise<void>((resolve) => {
        if (waiting) answer(waiting.res, 200, { ok: true, result: [] });
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
