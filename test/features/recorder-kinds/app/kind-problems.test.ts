import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecorderKind } from '../../../../shared/recorder-kind';
import { PushTargetSetting } from '../../../../shared/settings';
import type { SettingsPatch } from '../../../../shared/settings-patch';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { BLREC, DDTV } from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { kindFixture } from '../../../helpers/kind-fixtures';
import { fakePushServers } from '../../../fakes/push-services/push-test-kit';
import { ntfyService } from '../../../fakes/push-services/services';

const fake = fakePushServers();
afterEach(stopApps);

/**
 * The app with a BililiveRecorder first and a recorder of `kind` beside it. The guardian's own
 * disk rule is off (no free-space threshold): only what the recorder tells can raise an alert.
 */
async function appWith(
  kind: RecorderKind,
  guardian: SettingsPatch['guardian'] = {},
  more: SettingsPatch = {},
) {
  const root = await mkdtemp(join(tmpdir(), `${kind}-problems-`));
  const h = await startApp({
    settings: {
      ...more,
      notifications: { groupWindowSeconds: 0 },
      guardian: { diskFreeGiB: 0, diskRunwayHours: 0, ...guardian },
      recorders: [
        recorderSetting({ url: '' }),
        recorderSetting({ id: 'other', kind, url: '', recordingRoot: root }),
      ],
    },
  });
  return { h, url: `${h.webhookUrl}/other` };
}

describe("a recorder's own problems as the guardian's alerts", () => {
  it("blrec's full disk: one alert with blrec's numbers, retried and told again, pushed once", async () => {
    const ntfy = await fake(ntfyService());
    const { h, url } = await appWith(
      'blrec',
      {},
      { pushTargets: [PushTargetSetting.parse({ url: `ntfy://127.0.0.1:${ntfy.port}/rec` })] },
    );
    const space = kindFixture('blrec/space-no-enough.json');
    expect((await BLREC.post(url, space)).status).toBe(204);
    // blrec's retry of the same event, then the same problem told again (a new event id).
    expect((await BLREC.post(url, space)).status).toBe(204);
    const again = { ...space, id: '7b8c9d0e-4072-11f0-8a7c-0242ac110002' };
    expect((await BLREC.post(url, again)).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    const [alert] = h.shown;
    expect(alert).toMatchObject({ event: 'RecordingProblem' });
    expect(alert!.title).toContain("blrec's disk is almost full");
    // usage.free 536076288 and threshold 1073741824 bytes, as blrec sent them.
    expect(alert!.body).toContain('536 MB free, below its threshold of 1.07 GB');
    expect(h.app.state().problems).toEqual([
      expect.objectContaining({
        recorderId: 'other',
        code: 'recorder-warning',
        facts: { warning: 'disk-low', freeBytes: 536076288, thresholdBytes: 1073741824 },
      }),
    ]);
    await vi.waitFor(() => expect(ntfy.received).toHaveLength(1));
    expect(ntfy.received[0]!.body).toMatchObject({
      message: expect.stringContaining('536 MB free, below its threshold of 1.07 GB'),
    });
    await h.app.stop(); // every delivery handled: still one
    expect(h.shown).toHaveLength(1);
    expect(ntfy.received).toHaveLength(1);
  });

  it("blrec's error names the error", async () => {
    const { h, url } = await appWith('blrec');
    expect((await BLREC.post(url, kindFixture('blrec/error.json'))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]!.title).toContain('blrec reported an error');
    expect(h.shown[0]!.body).toContain('error: ConnectionResetError');
  });

  it("DDTV's expired login", async () => {
    const { h, url } = await appWith('ddtv');
    const login = kindFixture('ddtv/invalid-login-status.json');
    expect((await DDTV.post(url, login)).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]!.title).toContain("The recorder's login expired (DDTV)");
    // DDTV does not retry but may tell it again: the episode is still open, no second alert.
    expect((await DDTV.post(url, login)).status).toBe(204);
    expect(h.app.state().problems).toHaveLength(1);
    expect(h.shown).toHaveLength(1);
  });

  it('speaks Chinese when the app does', async () => {
    const { h, url } = await appWith('blrec');
    await h.store.update({ language: 'zh-CN' });
    expect((await BLREC.post(url, kindFixture('blrec/space-no-enough.json'))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]!.title).toContain('blrec 的磁盘空间不足');
    expect(h.shown[0]!.body).toContain('剩余 536 MB，低于设定的 1.07 GB');
  });

  it('tells nothing while the guardian is off', async () => {
    const { h, url } = await appWith('blrec', { enabled: false });
    expect((await BLREC.post(url, kindFixture('blrec/space-no-enough.json'))).status).toBe(204);
    expect((await BLREC.post(url, kindFixture('blrec/error.json'))).status).toBe(204);
    await h.app.stop();
    expect(h.app.state().problems).toBeUndefined();
    expect(h.shown).toEqual([]);
    // Still logged, as before.
    expect(h.log.lines.join('\n')).toContain('other: disk-low');
  });
});
