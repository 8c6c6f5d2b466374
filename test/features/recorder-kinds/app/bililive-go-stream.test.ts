import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunningApp } from '../../../../main/app/app-ports';
import { kindStreamsSource } from '../../../../main/features/recorder-kinds/app/kind-streams';
import { startApp, stopApps } from '../../../fakes/app-harness';
import {
  startFakeBililiveGo,
  type FakeBililiveGo,
} from '../../../fakes/recorder-kinds/fake-bililive-go';
import { writeRecording } from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { kindFixture } from '../../../helpers/kind-fixtures';

const fakes: FakeBililiveGo[] = [];
afterEach(async () => {
  await stopApps();
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const ALL = { limit: 1000, offset: 0 };

describe('bililive-go over its Server-Sent Events', () => {
  it('reads a session across a restart of bililive-go: one go-live naming the streamer, no file lost', async () => {
    const fake = await startFakeBililiveGo();
    fakes.push(fake);
    const root = await mkdtemp(join(tmpdir(), 'bililive-go-'));
    const running: { app?: RunningApp } = {};
    const h = await startApp({
      ports: {
        sources: [
          kindStreamsSource({
            webhookUrl: (id) => running.app!.webhookUrls()[id]!,
            backOff: { firstMs: 50, maxMs: 200 },
          }),
        ],
      },
      settings: {
        notifications: { groupWindowSeconds: 0 },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'go', kind: 'bililive-go', url: fake.url, recordingRoot: root }),
        ],
      },
    });
    running.app = h.app;
    await vi.waitFor(() => expect(fake.streams()).toBe(1));
    fake.send(kindFixture('bililive-go/live-start.json'));
    fake.send(kindFixture('bililive-go/recorder-start.json'));
    await vi.waitFor(() => expect(h.shown.map((n) => n.event)).toEqual(['StreamStarted']));
    expect(h.shown[0]!.title).toContain('七海Nana7mi');

    await fake.restart();
    await vi.waitFor(() => expect(fake.streams()).toBe(1));
    const task = kindFixture('bililive-go/pipeline-task.json');
    const video = join(root, 'a.flv');
    task.data.initial_files[0].path = video;
    await writeRecording(video, 3000);
    fake.send(task);
    fake.send(task); // the task again (its next status): the same file
    fake.send(kindFixture('bililive-go/recorder-stop.json'));
    fake.send(kindFixture('bililive-go/live-end.json'));
    await vi.waitFor(async () =>
      expect((await h.app.handlers['history:files'](ALL)).items).toEqual([
        expect.objectContaining({ recorderId: 'go', fileSize: 3000, roomId: 21452505 }),
      ]),
    );
    await vi.waitFor(() =>
      expect(h.app.state().rooms).toContainEqual(
        expect.objectContaining({ recorderId: 'go', streaming: false, recording: false }),
      ),
    );
    expect(h.shown.filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
    expect(h.log.lines.filter((line) => line.includes('event stream down'))).toHaveLength(1);
  });
});
