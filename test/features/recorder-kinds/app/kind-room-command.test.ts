import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { startFakeBililiveGo } from '../../../fakes/recorder-kinds/fake-bililive-go';
import { startFakeBlrec } from '../../../fakes/recorder-kinds/fake-blrec';
import { recorderSetting } from '../../../fakes/recorder-settings';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await stopApps();
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('room commands to other kinds, through the app', () => {
  it('reach blrec and bililive-go; what a kind cannot do is refused in words', async () => {
    const blrec = await startFakeBlrec({ apiKey: 'key-1' });
    const go = await startFakeBililiveGo();
    closing.push(blrec.close, go.close);
    const h = await startApp({
      settings: {
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'b', kind: 'blrec', url: blrec.url, password: 'key-1' }),
          recorderSetting({ id: 'g', kind: 'bililive-go', url: go.url }),
          recorderSetting({ id: 'd', kind: 'ddtv', url: '' }),
        ],
      },
    });
    const command = h.app.handlers['room:command'];
    const room = { roomId: 21452505 };
    expect(await command({ ...room, recorderId: 'b', command: 'start' })).toMatchObject({
      ok: true,
    });
    expect(await command({ ...room, recorderId: 'g', command: 'stop' })).toMatchObject({
      ok: true,
    });
    expect(blrec.calls).toEqual(['POST /api/v1/tasks/21452505/recorder/enable x-api-key=key-1']);
    expect(go.calls).toEqual(['POST /api/lives/5c1b2a7e3f9d4e0a8b6c/stopRecord']);
    expect(await command({ roomId: 1, recorderId: 'b', command: 'split' })).toEqual({
      ok: false,
      message: 'a blrec recorder cannot split a room',
    });
    expect(await command({ ...room, recorderId: 'd', command: 'start' })).toEqual({
      ok: false,
      message: 'a ddtv recorder cannot start a room',
    });
  });
});
