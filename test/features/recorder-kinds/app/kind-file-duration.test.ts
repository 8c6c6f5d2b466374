import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecorderKind } from '../../../../shared/recorder-kind';
import { startApp, stopApps } from '../../../fakes/app-harness';
import {
  BILILIVE_TOOLS,
  BLREC,
  DDTV,
  type KindSender,
} from '../../../fakes/recorder-kinds/kind-senders';
import { startFakeBililiveGo } from '../../../fakes/recorder-kinds/fake-bililive-go';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { kindFixture } from '../../../helpers/kind-fixtures';
import { makeFlv } from '../../../helpers/media-tools';

afterEach(stopApps);

const ALL = { limit: 1000, offset: 0 };

describe.each<[RecorderKind, KindSender]>([
  ['blrec', BLREC],
  ['ddtv', DDTV],
  ['bililive-tools', BILILIVE_TOOLS],
])('a %s file with ffprobe installed', (kind, sender) => {
  it('is listed with its size at once and its duration from ffprobe after', async () => {
    const root = await mkdtemp(join(tmpdir(), `${kind}-duration-`));
    const h = await startApp({
      settings: {
        notifications: { groupWindowSeconds: 0 },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'other', kind, url: '', recordingRoot: root }),
        ],
      },
    });
    const url = `${h.webhookUrl}/other`;
    await makeFlv(sender.filePath(root), 2);
    const size = (await stat(sender.filePath(root))).size;
    for (const body of sender.session(root))
      expect((await sender.post(url, body)).status).toBe(204);
    await vi.waitFor(
      async () => {
        const [file] = (await h.app.handlers['history:files'](ALL)).items;
        expect(file).toMatchObject({ recorderId: 'other', fileSize: size });
        expect(file!.durationSeconds).toBeCloseTo(2, 0);
      },
      { timeout: 20_000 },
    );
    expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);
    expect(h.log.lines.join('\n')).not.toContain('ffprobe is not installed');
  });
});

describe('a bililive-go file with ffprobe installed, over its event stream', () => {
  it('is listed with its size and its duration from ffprobe', async () => {
    const fake = await startFakeBililiveGo();
    const root = await mkdtemp(join(tmpdir(), 'bililive-go-duration-'));
    try {
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
      const video = join(root, 'a.flv');
      await makeFlv(video, 2);
      const size = (await stat(video)).size;
      const task = kindFixture('bililive-go/pipeline-task.json');
      task.data.initial_files[0].path = video;
      fake.send(kindFixture('bililive-go/live-start.json'));
      fake.send(task);
      await vi.waitFor(
        async () => {
          const [file] = (await h.app.handlers['history:files'](ALL)).items;
          expect(file).toMatchObject({ recorderId: 'go', fileSize: size });
          expect(file!.durationSeconds).toBeCloseTo(2, 0);
        },
        { timeout: 20_000 },
      );
    } finally {
      await stopApps();
      await fake.close();
    }
  });
});
