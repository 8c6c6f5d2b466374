import { useEffect, useState } from 'preact/hooks';
import type { AppState } from '../../shared/app-state';
import type { RecorderTrayApi } from '../../shared/contract-client';

/** The app's state: read once, then replaced by every `state:changed` push. */
export function useAppState(api: RecorderTrayApi): {
  state: AppState | null;
  error: string | null;
} {
  const [state, setState] = useState<AppState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let pushed = false;
    const unsubscribe = api.on('state:changed', (next) => {
      pushed = true;
      setState(next);
    });
    api.stateGet().then(
      // A push that arrived first is newer than this answer.
      (first) => {
        if (!pushed) setState(first);
      },
      (reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)),
    );
    return unsubscribe;
  }, [api]);
  return { state, error };
}
