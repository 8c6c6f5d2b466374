import type { RunningApp } from '../../main/app';

/** Every push kept in the history, as [notification id, status, attempts], sorted. */
export async function pushOutcomes(app: RunningApp): Promise<[string, string, number][]> {
  const { items } = await app.handlers['history:notifications']({ limit: 1000, offset: 0 });
  return items
    .flatMap((n) =>
      (n.push ?? []).map((p): [string, string, number] => [
        n.notification.id,
        p.status,
        p.attempts,
      ]),
    )
    .sort();
}
