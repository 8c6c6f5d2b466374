import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { stopChild } from './stop-child';

/** A room of the fake recorder, as the bench builds its webhooks. */
export interface TraceRoom {
  roomId: number;
  shortId: number;
  name: string;
  title: string;
  streaming: boolean;
}

/** What the fakes' process sends once it serves. */
export interface TraceFakesReady {
  type: 'ready';
  recorderUrl: string;
  liveApiUrl: string;
  rooms: TraceRoom[];
}

/** What the bench asks of the fakes' process. */
export type FakesMessage =
  { type: 'live'; roomId: number } | { type: 'webhook'; url: string } | { type: 'exit' };

/** The fake recorder and the fake live API, in their process (trace-fakes-cli.ts). */
export interface TraceFakes extends Omit<TraceFakesReady, 'type'> {
  /** Takes a room live at the recorder, without webhooks; resolves once its API says so. */
  goLive(roomId: number): Promise<void>;
  /** Names `url` in the recorder's Webhook V2 setting (its own deliveries stay off: only the bench posts). */
  addWebhook(url: string): Promise<void>;
  close(): Promise<void>;
}

/** Forks the fakes (with this process's tsx loader) with `rooms` rooms; resolves once they serve. */
export async function startTraceFakes(rooms: number): Promise<TraceFakes> {
  const child = fork(
    fileURLToPath(new URL('./trace-fakes-cli.ts', import.meta.url)),
    [`${rooms}`],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the fakes' process exited with ${String(code)}`);
    }),
  ])) as [TraceFakesReady];
  return {
    recorderUrl: ready.recorderUrl,
    liveApiUrl: ready.liveApiUrl,
    rooms: ready.rooms,
    async goLive(roomId) {
      const done = once(child, 'message');
      child.send({ type: 'live', roomId } satisfies FakesMessage);
      await done;
    },
    async addWebhook(url) {
      const done = once(child, 'message');
      child.send({ type: 'webhook', url } satisfies FakesMessage);
      await done;
    },
    close: () => stopChild(child, () => child.send({ type: 'exit' } satisfies FakesMessage)),
  };
}
