import { toPolledRoom } from '../../shared/recorder/rest';
import type { RecorderSetting } from '../../shared/settings';
import type { Logger } from '../core/ports';
import { RecorderSync, type RecorderSyncPorts, type RoomsFetch } from '../core/recorder-sync';
import { Poller } from './poller';
import { RecorderClient } from './recorder-client';

/** What polling needs: the sync's ports (less the fetch, which is built here) and the settings. */
export interface RecorderPollingDeps extends Omit<RecorderSyncPorts, 'fetchRooms'> {
  /** The polled recorder's settings in force; undefined once it was removed. */
  recorder: () => RecorderSetting | undefined;
  log: Logger;
}

// A removed recorder: polled by nobody.
const EMPTY_RECORDER = { url: '', username: '', password: '', pollIntervalSeconds: 10 };

/**
 * Polls the recorder's REST API per the settings: off when no recorder URL is set (webhooks-only
 * mode, e.g. the recorder's desktop edition, which has no API); rebuilt when URL or credentials change.
 */
export class RecorderPolling {
  readonly sync: RecorderSync;
  readonly #deps: RecorderPollingDeps;
  #client: RecorderClient | undefined;
  #poller: Poller | undefined;
  #configured = '';

  constructor(deps: RecorderPollingDeps) {
    this.#deps = deps;
    this.sync = new RecorderSync({ ...deps, fetchRooms: (signal) => this.#fetch(signal) });
  }

  /** Starts, restarts or stops polling to match the current settings; polls at once when on. */
  async reconfigure(): Promise<void> {
    const recorder = this.#deps.recorder();
    const { url, username, password, pollIntervalSeconds } = recorder ?? EMPTY_RECORDER;
    const key = JSON.stringify([url.trim(), username, password]);
    if (key !== this.#configured) {
      this.#configured = key;
      const old = this.#poller;
      this.#poller = undefined;
      await old?.stop();
      if (this.#configured !== key) return; // a newer call took over while the old poller stopped
      this.#client = url.trim()
        ? new RecorderClient({ baseUrl: url.trim(), username, password })
        : undefined;
      if (!this.#client) return;
      this.sync.forgetStatus();
      this.sync.rebaseline();
      this.#poller = new Poller({
        poll: (signal) => this.sync.pollOnce(signal),
        intervalMs: pollIntervalSeconds * 1000,
        jitterMs: 500,
        onError: (error) =>
          this.#deps.log.error(`poll of ${recorder?.id} failed: ${String(error)}`),
      });
      this.#poller.start();
      return;
    }
    this.#poller?.setInterval(pollIntervalSeconds * 1000);
    this.#poller?.pollNow();
  }

  /** Polls now (on request, or after resume from sleep when `rebaseline` is set). */
  pollNow(options: { rebaseline?: boolean } = {}): void {
    if (options.rebaseline) this.sync.rebaseline();
    this.#poller?.pollNow();
  }

  /** Stops polling; an in-flight poll is aborted. */
  async stop(): Promise<void> {
    await this.#poller?.stop();
    this.#poller = undefined;
    this.#configured = '';
  }

  async #fetch(signal: AbortSignal): Promise<RoomsFetch> {
    const client = this.#client;
    if (!client) return { ok: false, status: 'unreachable', detail: 'no recorder URL' };
    const result = await client.listRooms({ signal });
    if (!result.ok) {
      const { status, detail, roomId, field } = result;
      return {
        ok: false,
        status,
        detail,
        ...(roomId !== undefined ? { roomId } : {}),
        ...(field ? { field } : {}),
      };
    }
    return { ok: true, rooms: result.value.map(toPolledRoom), unreadable: result.unreadable };
  }
}
