import { sleep } from './sleep';
import type { PreparedEvent } from './events';
import type { FakeRecorderState } from './state';
import type { DeliveryResult } from './webhook-sender';

/** What the script needs from the fake recorder. */
export interface ScriptHost {
  state: FakeRecorderState;
  send: (event: PreparedEvent) => { firstAttempt: Promise<void>; done: Promise<DeliveryResult[]> };
  log: (line: string) => void;
}

/** Milliseconds (at speed 1) from the start of the script to each step; the script ends by ~23 s. */
export const SCRIPT_TIMES_MS = {
  roomALive: 1_500,
  split: 8_000,
  v1: 9_500,
  duplicate: 11_000,
  roomBLive: 14_000,
  roomAEnds: 22_000,
} as const;

// Gap between deliveries that the script orders on purpose (out of order, SessionEnded first).
const GAP_MS = 300;

/**
 * Plays the demo sequence as real-format webhooks, with the REST state changed before each step:
 * room A (23058) goes live; a split whose next FileOpening is delivered before the FileClosed;
 * a V1 body for that file; a duplicate delivery of the FileClosed; room B goes live; room A ends
 * with SessionEnded before its last FileClosed, then StreamEnded. Room B stays live.
 */
export async function runScript(
  host: ScriptHost,
  speed: number,
  signal: AbortSignal,
): Promise<void> {
  const { state, log } = host;
  const deliveries: Promise<unknown>[] = [];
  let lastFirstAttempt: Promise<void> = Promise.resolve();
  const send = (event: PreparedEvent | undefined) => {
    if (!event) return;
    const delivery = host.send(event);
    deliveries.push(delivery.done);
    lastFirstAttempt = delivery.firstAttempt;
  };
  const scaled = (ms: number) => Math.max(0, ms / speed);
  let elapsed = 0;
  const at = async (ms: number) => {
    const ok = await sleep(scaled(ms - elapsed), signal);
    elapsed = ms;
    return ok;
  };
  // Events the script orders on purpose go out one after the other: the next starts once every URL
  // answered the previous one's first attempt (retries still run in the background, as in the recorder).
  const gap = async () => {
    const [ok] = await Promise.all([sleep(scaled(GAP_MS), signal), lastFirstAttempt]);
    return ok && !signal.aborted;
  };

  const roomA = state.rooms[0];
  const roomB = state.rooms[1];
  if (!roomA) return;

  if (!(await at(SCRIPT_TIMES_MS.roomALive))) return;
  log(`script: room ${roomA.roomId} goes live`);
  for (const event of state.goLive(roomA)) {
    send(event);
    if (!(await gap())) return;
  }

  if (!(await at(SCRIPT_TIMES_MS.split))) return;
  const split = state.split(roomA);
  log(
    `script: room ${roomA.roomId} splits its file (next FileOpening delivered before FileClosed)`,
  );
  send(split?.opening);
  if (!(await gap())) return;
  send(split?.closed);

  if (!(await at(SCRIPT_TIMES_MS.v1))) return;
  log(`script: V1 body for the finished file of room ${roomA.roomId}`);
  send(split?.v1);

  if (!(await at(SCRIPT_TIMES_MS.duplicate))) return;
  log(`script: duplicate delivery of FileClosed ${split?.closed.id ?? ''}`);
  send(split?.closed);

  if (roomB) {
    if (!(await at(SCRIPT_TIMES_MS.roomBLive))) return;
    log(`script: room ${roomB.roomId} goes live`);
    for (const event of state.goLive(roomB)) {
      send(event);
      if (!(await gap())) return;
    }
  }

  if (!(await at(SCRIPT_TIMES_MS.roomAEnds))) return;
  const ended = state.goOffline(roomA);
  log(`script: room ${roomA.roomId} ends (SessionEnded before its last FileClosed)`);
  send(ended?.stopped?.sessionEnded);
  if (!(await gap())) return;
  send(ended?.stopped?.closed);
  if (!(await gap())) return;
  send(ended?.streamEnded);

  await Promise.allSettled(deliveries);
  log('script: done');
}
