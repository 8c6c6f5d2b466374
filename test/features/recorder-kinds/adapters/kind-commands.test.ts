import { afterEach, describe, expect, it } from 'vitest';
import { kindRecordCommand } from '../../../../main/features/recorder-kinds/adapters/kind-commands';
import { startFakeBililiveGo } from '../../../fakes/recorder-kinds/fake-bililive-go';
import { startFakeBlrec } from '../../../fakes/recorder-kinds/fake-blrec';
import { recorderSetting } from '../../../fakes/recorder-settings';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('kindRecordCommand', () => {
  it("enables and disables a blrec task's recorder with its API key", async () => {
    const fake = await startFakeBlrec({ apiKey: 'key-1' });
    closing.push(fake.close);
    const blrec = recorderSetting({ id: 'b', kind: 'blrec', url: fake.url, password: 'key-1' });
    expect(await kindRecordCommand(blrec, 21452505, true)).toEqual({ ok: true });
    expect(await kindRecordCommand(blrec, 21452505, false)).toEqual({ ok: true });
    expect(fake.calls).toEqual([
      'POST /api/v1/tasks/21452505/recorder/enable x-api-key=key-1',
      'POST /api/v1/tasks/21452505/recorder/disable x-api-key=key-1',
    ]);
    const wrong = await kindRecordCommand({ ...blrec, password: 'no' }, 21452505, true);
    expect(wrong).toMatchObject({ ok: false, failure: { reason: 'http', status: 401 } });
  });

  it("starts and stops a bililive-go room by the id its list gives the room's page", async () => {
    const fake = await startFakeBililiveGo();
    closing.push(fake.close);
    const go = recorderSetting({ id: 'g', kind: 'bililive-go', url: fake.url });
    expect(await kindRecordCommand(go, 21452505, true)).toEqual({ ok: true });
    expect(await kindRecordCommand(go, 21452505, false)).toEqual({ ok: true });
    expect(fake.calls).toEqual([
      'POST /api/lives/5c1b2a7e3f9d4e0a8b6c/startRecord',
      'POST /api/lives/5c1b2a7e3f9d4e0a8b6c/stopRecord',
    ]);
    expect(await kindRecordCommand(go, 1, true)).toEqual({
      ok: false,
      failure: { reason: 'noRoom', roomId: 1 },
    });
  });

  it('refuses a kind whose API this app does not speak', async () => {
    const ddtv = recorderSetting({ id: 'd', kind: 'ddtv', url: 'http://127.0.0.1:1' });
    expect(await kindRecordCommand(ddtv, 1, true)).toEqual({
      ok: false,
      failure: { reason: 'cannot', command: 'start' },
    });
  });
});
