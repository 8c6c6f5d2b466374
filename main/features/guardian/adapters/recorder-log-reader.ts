import type { RecorderLogFetch } from '../../../../shared/recorder/rest';
import type { RecorderClient, RecorderResult } from '../../../adapters/recorder-client';

/** Fetches the recorder's log after a cursor (the recorder client's `fetchLog`). */
export type LogFetchPort = (
  after: number | undefined,
  signal: AbortSignal,
) => Promise<RecorderResult<RecorderLogFetch>>;

/** What one read of the log gave: new entries, or why there were none. */
export type LogRead =
  { ok: true; entries: readonly unknown[] } | { ok: false; unreachable: boolean; detail: string };

/**
 * Reads the recorder's log by cursor. The first answer only sets the cursor: old entries are not
 * news.
 */
export class RecorderLogReader {
  #cursor: number | undefined;

  /** One read through `fetch`. */
  async read(fetch: LogFetchPort, signal: AbortSignal): Promise<LogRead> {
    const result = await fetch(this.#cursor, signal);
    if (!result.ok) {
      return { ok: false, unreachable: result.status === 'unreachable', detail: result.detail };
    }
    const { cursor, logs } = result.value;
    const first = this.#cursor === undefined;
    this.#cursor = cursor;
    // The recorder answers only entries after the cursor; after a restart its ids start again,
    // and what it answers is new whatever the cursor said.
    return { ok: true, entries: first ? [] : logs };
  }
}

/** A LogFetchPort over the recorder's client in force (none: no recorder URL, or it was removed). */
export function clientLogFetch(client: () => RecorderClient | undefined): LogFetchPort {
  return (after, signal) => {
    const c = client();
    if (!c) return Promise.resolve({ ok: false, status: 'unreachable', detail: 'no recorder URL' });
    return c.fetchLog(after, { signal });
  };
}
