import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, stopApps } from '../../../fakes/app-harness';
import {
  BILILIVE_GO_INFO,
  startFakeBililiveGo,
} from '../../../fakes/recorder-kinds/fake-bililive-go';
import { BLREC_INFO, startFakeBlrec } from '../../../fakes/recorder-kinds/fake-blrec';
import { BLREC, DDTV } from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { kindFixture } from '../../../helpers/kind-fixtures';

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
      message: 'A blrec recorder cannot split a room from this app.',
    });
    expect(await command({ ...room, recorderId: 'd', command: 'start' })).toEqual({
      ok: false,
      message: 'A DDTV recorder cannot start a room from this app.',
    });
  });
});

describe('"Record this stream" per kind, through the app', () => {
  it('is offered for a blrec room and reaches its API; not for DDTV', async () => {
    const blrec = await startFakeBlrec({ apiKey: 'key-1' });
    closing.push(blrec.close);
    const h = await startApp({
      settings: {
        notifications: { groupWindowSeconds: 0 },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'b', kind: 'blrec', url: blrec.url, password: 'key-1' }),
          recorderSetting({ id: 'd', kind: 'ddtv', url: '' }),
        ],
      },
    });
    const act = h.app.handlers['notification:act'];
    const urls = h.app.webhookUrls();

    // blrec: its webhook's go-live; the room does not record yet, so "record" is offered.
    expect((await BLREC.post(urls.b!, kindFixture('blrec/live-began.json'))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]).toMatchObject({ recorderIds: ['b'], roomIds: [21452505] });
    expect(h.shown[0]!.buttons).toEqual(['record', 'openRoom', 'mute', 'favourite']);
    expect(await act({ id: h.shown[0]!.id, button: 'record' })).toMatchObject({ ok: true });
    expect(blrec.calls).toEqual(['POST /api/v1/tasks/21452505/recorder/enable x-api-key=key-1']);

    // DDTV takes no commands: its go-live offers none, and the button is refused if pressed.
    expect((await DDTV.post(urls.d!, kindFixture('ddtv/start-live-event.json'))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(2));
    expect(h.shown[1]).toMatchObject({ recorderIds: ['d'] });
    expect(h.shown[1]!.buttons).toEqual(['openRoom', 'mute', 'favourite']);
    expect(await act({ id: h.shown[1]!.id, button: 'record' })).toMatchObject({ ok: false });
  });

  it('is offered for a bililive-go room read over its stream and reaches its API', async () => {
    const go = await startFakeBililiveGo();
    closing.push(go.close);
    const h = await startApp({
      settings: {
        notifications: { groupWindowSeconds: 0 },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'g', kind: 'bililive-go', url: go.url }),
        ],
      },
    });
    await vi.waitFor(() => expect(go.streams()).toBe(1));
    go.send(kindFixture('bililive-go/live-start.json'));
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]).toMatchObject({ recorderIds: ['g'] });
    expect(h.shown[0]!.buttons).toEqual(['record', 'openRoom', 'mute', 'favourite']);
    const done = await h.app.handlers['notification:act']({ id: h.shown[0]!.id, button: 'record' });
    expect(done).toMatchObject({ ok: true });
    expect(go.calls).toEqual(['POST /api/lives/5c1b2a7e3f9d4e0a8b6c/startRecord']);
  });
});

describe('the light of a kind that only sends webhooks', () => {
  it('says DDTV and biliLive-tools send webhooks and their API is not read, in both languages', async () => {
    const h = await startApp({
      settings: {
        recorders: [
          recorderSetting({ id: 'd', kind: 'ddtv', url: '' }),
          recorderSetting({ id: 't', kind: 'bililive-tools', url: 'http://127.0.0.1:9' }),
        ],
      },
    });
    const light = (id: string) => {
      const recorder = h.app.state().recorders.find((r) => r.id === id);
      return recorder && { status: recorder.status, message: recorder.message };
    };
    expect(light('d')).toEqual({
      status: 'off',
      message: 'Webhooks only: DDTV sends its events here; this app does not read its API.',
    });
    expect(light('t')?.message).toBe(
      'Webhooks only: biliLive-tools sends its events here; this app does not read its API.',
    );
    await h.app.handlers['settings:update']({ language: 'zh-CN' });
    await vi.waitFor(() =>
      expect(light('d')?.message).toBe('只接收 DDTV 发来的 Webhook：本应用不读取它的 API。'),
    );
  });
});

describe('the connection check on other kinds (what their API can say)', () => {
  it('asks blrec (with its key) and bililive-go for their version; a wrong key is a refusal; DDTV only sends webhooks', async () => {
    const blrec = await startFakeBlrec({ apiKey: 'key-1' });
    const go = await startFakeBililiveGo();
    closing.push(blrec.close, go.close);
    const h = await startApp({
      settings: {
        recorders: [
          recorderSetting({ id: 'b', kind: 'blrec', url: blrec.url, password: 'key-1' }),
          recorderSetting({ id: 'g', kind: 'bililive-go', url: go.url }),
          recorderSetting({ id: 'w', kind: 'blrec', url: blrec.url, password: 'wrong' }),
          recorderSetting({ id: 'd', kind: 'ddtv', url: '' }),
        ],
      },
    });
    const check = (recorderId: string) => h.app.handlers['recorder:check']({ recorderId });
    expect(await check('b')).toEqual({
      status: 'ok',
      message: `Connected to blrec ${BLREC_INFO.version}: its events are read over its WebSocket, and it can be told to start and stop recording.`,
      version: BLREC_INFO.version,
      webhooks: 'unknown',
    });
    expect(await check('g')).toMatchObject({
      status: 'ok',
      version: BILILIVE_GO_INFO.app_version,
    });
    expect(await check('w')).toMatchObject({ status: 'unauthorized', version: null });
    expect((await check('w')).message).toMatch(/^blrec refused it \(HTTP 401/);
    expect(await check('d')).toEqual({
      status: 'off',
      message: 'Webhooks only: DDTV sends its events here; this app does not read its API.',
      version: null,
      webhooks: 'unknown',
    });
  });
});
