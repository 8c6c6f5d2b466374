import { afterEach, describe, expect, it, vi } from 'vitest';
import { Settings } from '../../../../shared/settings';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../../../fakes/fake-recorder/index';
import { MovableClock } from '../../../fakes/movable-clock';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { startFakeNtfy, type FakeNtfy } from '../../../fakes/push-services/fake-ntfy';

const CONTROL = 'ctl_4f9c2a7e1b5d8c3a6e0f9b2d';
const SECRET = 'install-secret-7d41a9';

let recorder: FakeRecorder | undefined;
let ntfy: FakeNtfy | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  await ntfy?.close();
  recorder = ntfy = undefined;
});

async function appWithNtfy(clock = new MovableClock()) {
  recorder = await startFakeRecorder({ rooms: 3 });
  ntfy = await startFakeNtfy();
  const url = `ntfy://${new URL(ntfy.url).host}/alerts?commands=yes&control=${CONTROL}&secret=${SECRET}`;
  const h = await startApp({
    seams: { clock: clock.now, setTimer: clock.setTimer },
    settings: {
      ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60 }),
      notifications: { groupWindowSeconds: 0 },
      pushTargets: Settings.parse({ pushTargets: [{ url }] }).pushTargets,
    },
  });
  recorder.addWebhook(h.webhookUrl);
  await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(3), { timeout: 10_000 });
  await vi.waitFor(() => expect(ntfy!.subscribers(CONTROL)).toBe(1));
  return { h, recorder, ntfy };
}

/** What the phone does when an `http` action is tapped (docs.ntfy.sh/publish, "Send HTTP request"). */
async function tap(action: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}) {
  const response = await fetch(action.url, {
    method: action.method,
    headers: action.headers,
    body: action.body,
  });
  expect(response.status).toBe(200);
}

describe('ntfy buttons through the real app (fake ntfy, fake recorder)', () => {
  it('the Record button’s message starts the room; the outcome is published to the topic', async () => {
    const { h, recorder, ntfy } = await appWithNtfy();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false),
    );
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(() => expect(ntfy.published.filter((m) => m.actions)).toHaveLength(1), {
      timeout: 10_000,
    });
    const push = ntfy.published.find((m) => m.actions)!;
    expect(push.topic).toBe('alerts');
    expect(push.actions!.map((a) => [a.action, a.label])).toEqual([
      ['http', 'Record this stream'],
      ['view', 'Open live room'],
      ['http', 'Mute 1 h'],
    ]);
    expect(push.actions![0]).toMatchObject({
      url: `${ntfy.url}/${CONTROL}`,
      method: 'POST',
      clear: true,
    });

    await tap(push.actions![0]);
    await vi.waitFor(() => expect(room.recording).toBe(true), { timeout: 10_000 });
    await vi.waitFor(() =>
      expect(ntfy.published.at(-1)).toMatchObject({
        topic: 'alerts',
        title: `The recorder was asked to start recording room ${room.roomId}.`,
      }),
    );
  });

  it('a message without the secret, or with a wrong one, does nothing', async () => {
    const { h, recorder, ntfy } = await appWithNtfy();
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false),
    );
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(() => expect(ntfy.published.filter((m) => m.actions)).toHaveLength(1), {
      timeout: 10_000,
    });
    const record = ntfy.published.find((m) => m.actions)!.actions![0];
    const { act } = JSON.parse(record.body) as { act: string };
    const before = ntfy.published.length;
    await tap({ ...record, body: JSON.stringify({ act }) });
    await tap({ ...record, body: JSON.stringify({ act, secret: 'guessed-secret-000000' }) });
    await tap({ ...record, body: 'record it' });
    await vi.waitFor(() =>
      expect(h.log.lines.filter((l) => l.includes('without the secret'))).toHaveLength(1),
    );
    expect(room.recording).toBe(false);
    expect(ntfy.published.length).toBe(before + 3); // the three taps, and no answer
    expect(h.log.lines.filter((l) => l.includes(SECRET) || l.includes(CONTROL))).toEqual([]);
  });

  it('a Record button’s message older than two minutes (its ntfy `time`) is answered too old, not run', async () => {
    const clock = new MovableClock();
    const { h, recorder, ntfy } = await appWithNtfy(clock);
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.autoRecord).toBe(false),
    );
    await recorder.setLive(room.roomId, true);
    await vi.waitFor(() => expect(ntfy.published.filter((m) => m.actions)).toHaveLength(1), {
      timeout: 10_000,
    });
    // The fake stamps the message with the real time; the app's clock is three minutes on.
    clock.advance(3 * 60_000);
    await tap(ntfy.published.find((m) => m.actions)!.actions![0]);
    await vi.waitFor(() =>
      expect(ntfy.published.at(-1)).toMatchObject({
        topic: 'alerts',
        title: 'Too old, not done: this command was sent more than two minutes ago.',
      }),
    );
    expect(room.recording).toBe(false);
  });
});
