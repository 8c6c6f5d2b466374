import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchMessage, ClientMessage, LoadRequest, LoadResult } from './load-protocol';

/** The load client in its child process. */
export interface Client {
  run(request: LoadRequest): Promise<LoadResult>;
  exit(): void;
}

/** Forks the load client (with this process's tsx loader) and waits until it is ready. */
export async function startClient(): Promise<Client> {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./load-client.ts', import.meta.url)),
    [],
    {
      execArgv: process.execArgv.filter((a) => a !== '--expose-gc'),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const waiting = new Map<number, (r: LoadResult) => void>();
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.on('message', (message: ClientMessage) => {
    if (message.type === 'ready') return onReady();
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  child.on('exit', (code) => {
    if (waiting.size > 0) {
      console.error(`bench: the load client exited (${code}) in the middle of a phase`);
      process.exit(1);
    }
  });
  await ready;
  return {
    run: (request) =>
      new Promise((resolve) => {
        waiting.set(request.id, resolve);
        child.send(request satisfies BenchMessage);
      }),
    exit: () => {
      if (child.connected) child.send({ type: 'exit' } satisfies BenchMessage);
    },
  };
}
