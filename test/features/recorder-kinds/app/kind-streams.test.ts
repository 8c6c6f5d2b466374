import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunningApp } from '../../../../main/app/app-ports';
import { kindStreamsSource } from '../../../../main/features/recorder-kinds/app/kind-streams';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { startFakeBlrec, type FakeBlrec } from '../../../fakes/recorder-kinds/fake-blrec';
import { BLREC, writeRecording } from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';

const fakes: FakeBlrec[] = [];
afterEach(async () => {
  await stopApps();
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const ALL = { limit: 1000, offset: 0 };

/** The app reading a fake blrec's event stream, reconnecting after 50 ms at first. */
async function appReading(fake: FakeBlrec, apiKey: string) {
  const root = await mkdtemp(join(tmpdir(), 'blrec-ws-'));
  const running: { app?: RunningApp } = {};
  // The built-in source with short waits (a host's source replaces the built-in of its name).
  const streams = kindStreamsSource({
    webhookUrl: (id) => running.app!.webhookUrls()[id]!,
    backOff: { firstMs: 50, maxMs: 200 },
  });
  const h = await startApp({
    ports: { sources: [streams] },
    settings: {
      notifications: { groupWindowSeconds: 0 },
      recorders: [
        recorderSetting({ url: '' }),
        recorderSetting({
          id: 'other',
          kind: 'blrec',
          url: fake.url,
          password: apiKey,
          recordingRoot: root,
        }),
      ],
    },
  });
  running.app = h.app;
  return { h, root };
}

describe('blrec over its WebSocket', () => {
  it('reads a session across a restart of blrec mid-session: no file lost, one go-live', async () => {
    const fake = await startFakeBlrec({ apiKey: 'key-1' });
    fakes.push(fake);
    const { h, root } = await appReading(fake, 'key-1');
    const [began, recording, , completed, finished, ended] = BLREC.session(root);
    await vi.waitFor(() => expect(fake.connected()).toBe(1));
    fake.send(began);
    fake.send(recording);
    await vi.waitFor(() => expect(h.shown.map((n) => n.event)).toEqual(['StreamStarted']));

    await fake.restart(); // blrec restarts: the socket drops, the app reconnects
    await vi.waitFor(() => expect(fake.connected()).toBe(1));
    await writeRecording(BLREC.filePath(root), 2048);
    fake.send(completed);
    fake.send(finished);
    fake.send(ended);
    await vi.waitFor(async () =>
      expect((await h.app.handlers['history:files'](ALL)).items).toEqual([
        expect.objectContaining({ recorderId: 'other', fileSize: 2048 }),
      ]),
    );
    await vi.waitFor(() =>
      expect(h.app.state().rooms).toContainEqual(
        expect.objectContaining({ roomId: 21452505, streaming: false, recording: false }),
      ),
    );
    expect(h.shown.filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
    expect(h.log.lines.filter((line) => line.includes(' is down: '))).toHaveLength(1);
  });

  it('an event sent both ways (its webhook and its stream) is one', async () => {
    const fake = await startFakeBlrec();
    fakes.push(fake);
    const { h } = await appReading(fake, '');
    await vi.waitFor(() => expect(fake.connected()).toBe(1));
    const [began] = BLREC.session('/rec');
    expect((await BLREC.post(`${h.webhookUrl}/other`, began)).status).toBe(204);
    fake.send(began);
    await vi.waitFor(async () =>
      expect((await h.app.handlers['eventLog:page'](ALL)).items.map((e) => e.duplicate)).toEqual([
        true,
        false,
      ]),
    );
    expect(h.shown).toHaveLength(1);
  });

  it('does not try a refused API key again: blrec blocks an address after three', async () => {
    const fake = await startFakeBlrec({ apiKey: 'key-1' });
    fakes.push(fake);
    const { h } = await appReading(fake, 'wrong');
    await vi.waitFor(() =>
      expect(h.log.lines.join('\n')).toContain('the API key was refused (HTTP 401)'),
    );
    expect(fake.attempts()).toBe(1);
  });
});
