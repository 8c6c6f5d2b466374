import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  it('reads a session across a restart of bililive-go: one go-live naming the streamer, no file lost, the light red while it was down', async () => {
    const fake = await startFakeBililiveGo();
    fakes.push(fake);
    const root = await mkdtemp(join(tmpdir(), 'bililive-go-'));
    // The built-in streams (the first reconnect a second after a drop).
    const h = await startApp({
      settings: {
        notifications: { groupWindowSeconds: 0 },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'go', kind: 'bililive-go', url: fake.url, recordingRoot: root }),
        ],
      },
    });
    await vi.waitFor(() => expect(fake.streams()).toBe(1));
    fake.send(kindFixture('bililive-go/live-start.json'));
    fake.send(kindFixture('bililive-go/recorder-start.json'));
    await vi.waitFor(() => expect(h.shown.map((n) => n.event)).toEqual(['StreamStarted']));
    expect(h.shown[0]!.title).toContain('七海Nana7mi');

    const light = () => h.app.state().recorders.find((r) => r.id === 'go')?.status;
    expect(light()).toBe('off');
    await fake.down();
    await vi.waitFor(() => expect(light()).toBe('unreachable'));
    // The light says so in the user's language (the app's is English here), naming the stream.
    const said = h.app.state().recorders.find((r) => r.id === 'go')?.message;
    expect(said).toMatch(
      /^bililive-go's event stream \(SSE\) at http:\/\/127\.0\.0\.1:\d+ is down: /,
    );
    await fake.up();
    await vi.waitFor(() => expect(fake.streams()).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(light()).toBe('off'));
    expect(h.app.state().recorders.find((r) => r.id === 'go')?.message).toBe(
      `Reading bililive-go's events over its event stream (SSE) (${fake.url}).`,
    );
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
    expect(h.log.lines.filter((line) => line.includes(' is down: '))).toHaveLength(1);
  });
});
