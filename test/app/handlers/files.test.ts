import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CALL_REFUSALS } from '../../../shared/i18n/call-refusals';
import { startApp, stopApps } from '../../fakes/app-harness';
import { oneRecorder } from '../../fakes/recorder-settings';

afterEach(stopApps);

/** A recording root with one file inside, and a real recording beside (outside) it. */
async function recordings() {
  const base = await mkdtemp(join(tmpdir(), 'files-handlers-'));
  const root = join(base, 'root');
  await mkdir(join(root, 'room'), { recursive: true });
  await writeFile(join(root, 'room', 'a.flv'), 'flv');
  await writeFile(join(base, 'outside.flv'), 'flv'); // a real recording, but not under the root
  return { root };
}

describe('file handlers', () => {
  it('resolve the recorder path under the root: open and show', async () => {
    const { root } = await recordings();
    const h = await startApp({ settings: oneRecorder({ url: '', recordingRoot: root }) });
    const ref = { roomId: 1, relativePath: 'room/a.flv' };
    expect(await h.app.handlers['file:open'](ref)).toEqual({ ok: true });
    expect(await h.app.handlers['file:showInFolder'](ref)).toEqual({ ok: true });
    expect(h.opened).toEqual([
      `open ${join(root, 'room', 'a.flv')}`,
      `show ${join(root, 'room', 'a.flv')}`,
    ]);
  });

  it('refuse a path that leaves the root, by the root check, even when it names a real recording', async () => {
    const { root } = await recordings();
    const h = await startApp({ settings: oneRecorder({ url: '', recordingRoot: root }) });
    for (const use of ['file:open', 'file:showInFolder'] as const) {
      expect(await h.app.handlers[use]({ roomId: 1, relativePath: '../outside.flv' })).toEqual({
        ok: false,
        message: CALL_REFUSALS.outsideRoot.en,
      });
    }
    expect(h.opened).toEqual([]);
  });

  it('say a listed file is gone, and that the root must be set first', async () => {
    const { root } = await recordings();
    const h = await startApp({ settings: oneRecorder({ url: '', recordingRoot: root }) });
    expect(await h.app.handlers['file:open']({ roomId: 1, relativePath: 'room/gone.flv' })).toEqual(
      { ok: false, message: CALL_REFUSALS.fileMissing.en },
    );
    const noRoot = await startApp({ settings: { language: 'zh-CN' } });
    expect(
      await noRoot.app.handlers['file:open']({ roomId: 1, relativePath: 'room/a.flv' }),
    ).toEqual({ ok: false, message: CALL_REFUSALS.noRecordingRoot['zh-CN'] });
  });
});
