import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Happening } from '../../../../main/core/happening';
import type { SourceContext } from '../../../../main/core/plug-ins';
import { fileDurationsSource } from '../../../../main/features/recorder-kinds/app/file-durations';
import { defaultSettings } from '../../../../shared/settings';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { BLREC, writeRecording } from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { memoryLogger } from '../../../fakes/silent-logger';

afterEach(async () => {
  await stopApps();
  vi.unstubAllEnvs();
});

const ALL = { limit: 1000, offset: 0 };
const MISSING = 'ffprobe is not installed';

describe('a file of another kind without ffprobe', () => {
  it('is listed with its size only, and the log says why', async () => {
    // A PATH of one empty folder: no ffprobe anywhere the app looks (jobs name no ffmpeg).
    vi.stubEnv('PATH', await mkdtemp(join(tmpdir(), 'no-tools-')));
    const root = await mkdtemp(join(tmpdir(), 'blrec-no-ffprobe-'));
    const h = await startApp({
      settings: {
        notifications: { groupWindowSeconds: 0 },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'other', kind: 'blrec', url: '', recordingRoot: root }),
        ],
      },
    });
    await writeRecording(BLREC.filePath(root), 4321);
    for (const body of BLREC.session(root))
      expect((await BLREC.post(`${h.webhookUrl}/other`, body)).status).toBe(204);
    await vi.waitFor(() => expect(h.log.lines.join('\n')).toContain(MISSING));
    const { items } = await h.app.handlers['history:files'](ALL);
    expect(items).toEqual([expect.objectContaining({ recorderId: 'other', fileSize: 4321 })]);
    expect(items[0]!.durationSeconds).toBeUndefined();
  });
});

describe('fileDurationsSource', () => {
  it('says once that ffprobe is missing, however many files wait for it', async () => {
    const settings = defaultSettings();
    settings.recorders = [
      recorderSetting({ id: 'main', url: '' }),
      recorderSetting({ id: 'other', kind: 'ddtv', url: '' }),
    ];
    let observer: { happened?: (h: Happening) => void } = {};
    const log = memoryLogger();
    const context = {
      clock: Date.now,
      log,
      settings: () => settings,
      recorders: () => settings.recorders,
      observe: (o: typeof observer) => ((observer = o), () => undefined),
    } as unknown as SourceContext;
    let looks = 0;
    const source = fileDurationsSource({
      setDuration: () => Promise.reject(new Error('no duration without ffprobe')),
      changed: () => undefined,
      findFfprobe: () => {
        looks += 1;
        return Promise.resolve(null);
      },
    });
    source.start(context);
    for (const name of ['a.flv', 'b.flv', 'c.flv']) observer.happened?.(fileClosed(name));
    // A BililiveRecorder file (it tells its duration) and one not found here are not probed.
    observer.happened?.({ ...fileClosed('d.flv'), recorderId: 'main' });
    observer.happened?.({ ...fileClosed('e.flv'), fileCheck: {} });
    await vi.waitFor(() => expect(looks).toBe(3));
    await source.stop();
    expect(log.lines.filter((line) => line.includes(MISSING))).toHaveLength(1);
  });
});

function fileClosed(name: string): Happening {
  return {
    kind: 'FileClosed',
    roomId: 1,
    recorderId: 'other',
    at: 0,
    source: 'webhook',
    key: `j1:${name}`,
    room: {} as Happening['room'],
    file: { roomId: 1, relativePath: name, name: '', title: '', finished: true, fileSize: 1 },
    fileCheck: { resolvedPath: `/rec/${name}` },
  };
}
