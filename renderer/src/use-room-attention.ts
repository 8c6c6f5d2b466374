import { useMemo } from 'preact/hooks';
import { apiLight } from './api-memory';
import { useApp } from './app-context';
import { attentionOf, problemsByRoom, type Attention } from './attention';
import { roomKey } from './recorder-rooms';

/**
 * What needs attention in each room, by `roomKey` (rooms with none are left out): the guardian's
 * problems and the flags, statistics judged stale by their own recorder's poll interval and API.
 */
export function useRoomAttention(): ReadonlyMap<string, Attention[]> {
  const { state, settings } = useApp();
  // Each recorder's poll interval and whether its API answers (stale statistics are per recorder).
  const apiOf = useMemo(() => {
    const map = new Map<string, { pollIntervalSeconds: number; apiAnswers: boolean }>();
    for (const view of state.recorders) {
      const recorder = settings?.recorders.find((r) => r.id === view.id);
      map.set(view.id, {
        pollIntervalSeconds: recorder?.pollIntervalSeconds ?? 10,
        apiAnswers: apiLight(view.status, recorder?.url ?? view.url) === 'ok',
      });
    }
    return map;
  }, [state.recorders, settings]);
  return useMemo(() => {
    const now = Date.now();
    const problems = problemsByRoom(state.problems);
    const first = state.recorders[0]?.id ?? '';
    const map = new Map<string, Attention[]>();
    for (const room of state.rooms) {
      const api = apiOf.get(room.recorderId ?? first) ?? {
        pollIntervalSeconds: 10,
        apiAnswers: false,
      };
      const found = attentionOf(room, { now, problems, ...api });
      if (found.length > 0) map.set(roomKey(room), found);
    }
    return map;
  }, [state.rooms, state.problems, apiOf]);
}
