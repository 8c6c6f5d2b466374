import { sleep } from './sleep';
import http from 'node:http';
import https from 'node:https';
import { FAKE_VERSION } from './rooms';
import type { PreparedEvent } from './events';

/** One attempt of one delivery: the HTTP status, or the network error. */
export interface DeliveryAttempt {
  status?: number;
  error?: string;
}

/** What became of one event at one URL. */
export interface DeliveryResult {
  url: string;
  label: string;
  id: string;
  ok: boolean;
  attempts: DeliveryAttempt[];
}

/** Options of a WebhookSender. */
export interface WebhookSenderOptions {
  urls: readonly string[];
  /** Waits before the 2nd and 3rd attempt; the recorder uses 1 s and 2 s. */
  retryDelaysMs?: readonly number[];
  /** Per-attempt time-out; the recorder uses 100 s. */
  timeoutMs?: number;
  /** One line per attempt (the CLI writes them to stderr). */
  log?: (line: string) => void;
}

/** Sends webhooks the way recorder 2.11.1 does: to every URL at once, 3 attempts, identical bytes. */
export class WebhookSender {
  #urls: string[];
  readonly #retryDelaysMs: readonly number[];
  readonly #timeoutMs: number;
  readonly #log: (line: string) => void;
  readonly #closing = new AbortController();
  readonly #pending = new Set<Promise<unknown>>();

  constructor(options: WebhookSenderOptions) {
    this.#urls = [...options.urls];
    this.#retryDelaysMs = options.retryDelaysMs ?? [1000, 2000];
    this.#timeoutMs = options.timeoutMs ?? 100_000;
    this.#log = options.log ?? (() => {});
  }

  /** The URLs every event goes to. */
  get urls(): readonly string[] {
    return this.#urls;
  }

  /** Adds a URL (tests start their receiver after the recorder). */
  addUrl(url: string): void {
    this.#urls.push(url);
  }

  /** Replaces the URLs (the recorder's V2 list changed); deliveries under way keep theirs. */
  setUrls(urls: readonly string[]): void {
    this.#urls = [...urls];
  }

  /** Delivers one event to every URL at once; resolves when every URL has succeeded or given up. */
  deliver(event: PreparedEvent): Promise<DeliveryResult[]> {
    return this.send(event).done;
  }

  /** Like `deliver`, and also tells when every URL has had its first answer (for ordered scripts). */
  send(event: PreparedEvent): { firstAttempt: Promise<void>; done: Promise<DeliveryResult[]> } {
    const firsts: Promise<void>[] = [];
    const done = Promise.all(
      this.#urls.map((url) => {
        let first!: () => void;
        firsts.push(new Promise<void>((resolve) => (first = resolve)));
        return this.#deliverOne(url, event, first);
      }),
    );
    this.#pending.add(done);
    void done.finally(() => this.#pending.delete(done));
    return { firstAttempt: Promise.all(firsts).then(() => undefined), done };
  }

  /** Waits for every delivery started so far. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** Aborts every delivery and retry wait. */
  close(): void {
    this.#closing.abort();
  }

  async #deliverOne(
    url: string,
    event: PreparedEvent,
    firstDone: () => void,
  ): Promise<DeliveryResult> {
    const attempts: DeliveryAttempt[] = [];
    const total = this.#retryDelaysMs.length + 1;
    for (let n = 0; n < total; n++) {
      if (n > 0 && !(await this.#wait(this.#retryDelaysMs[n - 1] ?? 0))) break;
      if (this.#closing.signal.aborted) break;
      const attempt = await this.#post(url, event.bytes);
      attempts.push(attempt);
      firstDone();
      const ok = attempt.status !== undefined && attempt.status >= 200 && attempt.status <= 299;
      const outcome =
        attempt.status !== undefined ? `HTTP ${attempt.status}` : `error ${attempt.error}`;
      this.#log(
        `webhook ${event.label} ${event.id} room ${event.roomId} → ${url}: ${outcome} (attempt ${n + 1}/${total})`,
      );
      if (ok) return { url, label: event.label, id: event.id, ok: true, attempts };
    }
    firstDone();
    // The recorder drops an event after its last attempt: nothing is queued.
    return { url, label: event.label, id: event.id, ok: false, attempts };
  }

  #wait(ms: number): Promise<boolean> {
    return sleep(ms, this.#closing.signal);
  }

  // node:http rather than fetch: fetch adds Accept, Accept-Language and Sec-Fetch-Mode headers,
  // and the recorder sends none of them.
  #post(url: string, bytes: Buffer): Promise<DeliveryAttempt> {
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        resolve({ error: 'invalid URL' });
        return;
      }
      const transport = target.protocol === 'https:' ? https : http;
      const request = transport.request(
        target,
        {
          method: 'POST',
          headers: {
            'User-Agent': `BililiveRecorder/${FAKE_VERSION}`,
            'Content-Type': 'application/json',
            'Content-Length': bytes.length,
          },
          timeout: this.#timeoutMs,
          signal: this.#closing.signal,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
          response.on('error', (error) => resolve({ error: error.message }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message }),
      );
      request.end(bytes);
    });
  }
}
