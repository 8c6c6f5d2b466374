import { useEffect, useState } from 'preact/hooks';
import { useApp } from './app-context';
import { useLiveTick } from './use-live-tick';

/**
 * When the recorder's last real webhook arrived (epoch ms), or undefined if none has. From the
 * state when main reports it; otherwise from the newest `webhook` entry of the event log (test
 * events and replays do not count: they prove nothing about the recorder).
 */
export function useLastWebhook(): number | undefined {
  const { api, state } = useApp();
  const fromState = state.listener.lastWebhookAt;
  const [fromLog, setFromLog] = useState<number | undefined>(undefined);
  const tick = useLiveTick(api, ['state:changed', 'notification:added'], 1000);
  useEffect(() => {
    if (fromState !== undefined) return undefined;
    let current = true;
    api.eventLogPage({ limit: 50 }).then(
      (page) => {
        const newest = page.items.find((entry) => entry.source === 'webhook');
        if (current && newest !== undefined) setFromLog(newest.receivedAt);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, tick, fromState]);
  return fromState ?? fromLog;
}
