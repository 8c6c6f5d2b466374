import { jsonOrUndefined } from '../../../../shared/parse';
import * as z from 'zod';
import { redactText } from '../../push/core/push-url';

/** Telegram's Bot API; a target's `?api=` replaces it (a mirror or a local Bot API server). */
export const TELEGRAM_API = 'https://api.telegram.org';

/** A Bot API answer: its result, or the error Telegram (or the network) gave. */
export type BotAnswer =
  | { ok: true; result: unknown }
  | {
      ok: false;
      /** Telegram's error_code (401, 409, 429…); 0: no answer (network, timeout). */
      code: number;
      description: string;
      /** 429: seconds to wait before the next request (`parameters.retry_after`). */
      retryAfter?: number;
    };

// core.telegram.org/bots/api#making-requests: `{"ok":true,"result":…}` or `{"ok":false,
// "error_code":…,"description":…,"parameters":{"retry_after":…}}` (ResponseParameters).
const Answer = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number(),
    description: z.string().default(''),
    parameters: z.object({ retry_after: z.number().optional() }).optional(),
  }),
]);

/** One bot's calls: `POST <api>/bot<token>/<method>` with a JSON body. The token never leaves here in words. */
export class TelegramApi {
  readonly #base: string;
  readonly #token: string;

  constructor(api: string, token: string) {
    this.#base = `${api.replace(/\/+$/, '')}/bot${token}`;
    this.#token = token;
  }

  /** Calls a method; never throws. `timeoutMs` bounds the whole request (long polls included). */
  async call(
    method: string,
    body: object,
    timeoutMs = 10_000,
    signal?: AbortSignal,
  ): Promise<BotAnswer> {
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
    let text: string;
    let status: number;
    try {
      const response = await fetch(`${this.#base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.any(signals),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return {
        ok: false,
        code: 0,
        description: this.#redact(cause ?? (error as Error).name ?? 'no answer'),
      };
    }
    const parsed = Answer.safeParse(jsonOrUndefined(text));
    if (!parsed.success)
      return {
        ok: false,
        code: status,
        description: this.#redact(`HTTP ${status}: ${text.slice(0, 200)}`),
      };
    if (parsed.data.ok) return { ok: true, result: parsed.data.result };
    const retryAfter = parsed.data.parameters?.retry_after;
    return {
      ok: false,
      code: parsed.data.error_code,
      description: this.#redact(parsed.data.description),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    };
  }

  #redact(text: string): string {
    return redactText(text, [this.#token]);
  }
}
