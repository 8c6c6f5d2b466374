import { describe, expect, test } from 'vitest';
import { popupsWithoutKills, type ReferenceDelivery } from './chaos-reference';
import { liveSession, relativePathFor } from './recorder-events';

const room = { roomId: 1000, name: '房间0' };
/** One stream of `room` as the PC posts it, V2 and V1 of each of two files. */
const stream = () =>
  liveSession(room, 2).map((body) => ({ text: JSON.stringify(body), recorder: 'pc' }));
const fileName = (at: number) => relativePathFor(room, at).split('/')[1];
const ALL = ['live:1000', `file:${fileName(1)}`, `file:${fileName(11.2)}`];

describe('popupsWithoutKills', () => {
  test('a stream in order: its go-live and each file once, retries and V1 copies included', () => {
    const deliveries = stream();
    const withRetries = deliveries.flatMap((d) => [d, d]);
    expect([...popupsWithoutKills(deliveries)].sort()).toEqual([...ALL].sort());
    expect([...popupsWithoutKills(withRetries)].sort()).toEqual([...ALL].sort());
  });

  test('a go-live that arrives after its stream ended is not due (the room is newer already)', () => {
    const [started, ...rest] = stream();
    const due = popupsWithoutKills([...rest, started!]);
    expect(due.has('live:1000')).toBe(false);
    expect([...due].filter((identity) => identity.startsWith('file:'))).toHaveLength(2);
  });

  test('a hot standby’s copy of the go-live, before or after the PC’s, keeps it due', () => {
    for (const at of [0, 1]) {
      const deliveries: ReferenceDelivery[] = stream();
      const go = JSON.parse(deliveries[0]!.text) as Record<string, unknown>;
      const copy = { ...go, EventId: crypto.randomUUID() };
      deliveries.splice(at, 0, { text: JSON.stringify(copy), recorder: 'nas' });
      expect([...popupsWithoutKills(deliveries)].sort()).toEqual([...ALL].sort());
    }
  });
});
