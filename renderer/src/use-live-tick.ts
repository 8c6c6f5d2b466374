import { useEffect, useState } from 'preact/hooks';
import type { RecorderTrayApi } from '../../shared/contract-client';
import type { EventChannel } from '../../shared/ipc-contract';

/**
 * A counter that goes up when main pushes any of `events`, at most once per `minIntervalMs`
 * (a poll of 500 rooms pushes often; a list re-reads its page on each tick, not on each push).
 */
export function useLiveTick(
  api: RecorderTrayApi,
  events: readonly EventChannel[],
  minIntervalMs = 500,
): number {
  const [tick, setTick] = useState(0);
  const key = events.join(',');
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      timer = undefined;
      last = Date.now();
      setTick((t) => t + 1);
    };
    const onEvent = () => {
      if (timer !== undefined) return;
      const wait = last + minIntervalMs - Date.now();
      if (wait <= 0) bump();
      else timer = setTimeout(bump, wait);
    };
    const unsubscribers = key.split(',').map((event) => api.on(event as EventChannel, onEvent));
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, key, minIntervalMs]);
  return tick;
}
