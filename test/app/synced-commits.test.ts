import { afterEach, describe, expect, it, vi } from 'vitest';
import { Settings } from '../../shared/settings';
import { startApp, stopApps } from '../fakes/app-harness';
import { failingSync } from '../fakes/failing-sync';
import { startFakePushServer } from '../fakes/push-services/fake-push-server';
import { jsonService } from '../fakes/push-services/services';
import { postWebhook } from '../helpers/http';
import { relativePathFor, ts, v2 } from '../helpers/recorder-events';

afterEach(stopApps);

const ALL = { limit: 1000, offset: 0 };

// Issue 41, Build 2: a delivery is synced before its answer; what it leads to (the file row, the
// decision with its popup and pushes owed, the processed mark) needs one more synced commit at
// most; the marks that only prevent a repeat (popup shown, push sent, the processed mark) ask for
// no sync of their own. The WAL's syncs are counted through the app's fdatasync seam.
describe('synced commits per FileClosed', () => {
  it.each([
    ['at once (no group window)', 0],
    ['after the group window (the default: the file row and the decision in different turns)', 2],
  ])(
    'a FileClosed with its popup and a push costs at most 2 synced commits: %s',
    async (_, windowSeconds) => {
      const server = await startFakePushServer(jsonService());
      try {
        const url = `json://127.0.0.1:${server.port}/hook`;
        const { pushTargets } = Settings.parse({ pushTargets: [{ url }] });
        const sync = failingSync();
        const h = await startApp({
          settings: { pushTargets, notifications: { groupWindowSeconds: windowSeconds } },
          seams: { fdatasync: sync.fdatasync },
        });
        const room = { roomId: 4242, name: 'synced' };
        const session = { SessionId: '7e57c0de-0000-4000-8000-000000000041' };
        const path = relativePathFor(room, 1);
        for (const body of [
          v2('SessionStarted', room, 0.5, session),
          v2('FileOpening', room, 1, { ...session, RelativePath: path, FileOpenTime: ts(1) }),
        ])
          expect((await postWebhook(h.webhookUrl, JSON.stringify(body))).status).toBe(204);
        // Settled: the processed mark has moved past both (nothing of theirs is still on its way).
        const settled = async () => {
          const before = sync.syncs.length;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return sync.syncs.length === before;
        };
        await vi.waitFor(async () => expect(await settled()).toBe(true), { timeout: 10_000 });
        const before = sync.syncs.length;

        const closed = v2('FileClosed', room, 11.1, {
          ...session,
          RelativePath: path,
          FileSize: 1000,
          Duration: 10,
          FileOpenTime: ts(1),
          FileCloseTime: ts(11),
        });
        expect((await postWebhook(h.webhookUrl, JSON.stringify(closed))).status).toBe(204);
        // The popup shown, the push sent and its outcome kept with the notification, the file listed.
        await vi.waitFor(() => expect(h.shown.map((n) => n.event)).toContain('FileClosed'), {
          timeout: 10_000,
        });
        await vi.waitFor(() => expect(server.received).toHaveLength(1));
        await vi.waitFor(async () => {
          const items = (await h.app.handlers['history:notifications'](ALL)).items;
          expect(items.flatMap((n) => (n.push ?? []).map((p) => p.status))).toEqual(['sent']);
        });
        expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);
        await vi.waitFor(async () => expect(await settled()).toBe(true), { timeout: 10_000 });
        expect(sync.syncs.length - before).toBeLessThanOrEqual(2);
        expect(sync.syncs.length - before).toBeGreaterThanOrEqual(1); // the delivery's own
      } finally {
        await server.close();
      }
    },
  );
});
