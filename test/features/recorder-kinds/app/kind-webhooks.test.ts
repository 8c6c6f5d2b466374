import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecorderKind } from '../../../../shared/recorder-kind';
import { startApp, stopApps } from '../../../fakes/app-harness';
import {
  BILILIVE_TOOLS,
  BLREC,
  DDTV,
  writeRecording,
  type KindSender,
} from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { fixtureText } from '../../../helpers/fixtures';
import { postWebhook } from '../../../helpers/http';
import { kindFixture } from '../../../helpers/kind-fixtures';

afterEach(stopApps);

const ALL = { limit: 1000, offset: 0 };
const SIZE = 4321;

/** The app with a BililiveRecorder first and a recorder of `kind` beside it, its root a temp folder. */
async function appWith(kind: RecorderKind) {
  const root = await mkdtemp(join(tmpdir(), `${kind}-rec-`));
  const h = await startApp({
    settings: {
      notifications: { groupWindowSeconds: 0 },
      recorders: [
        recorderSetting({ url: '' }),
        recorderSetting({ id: 'other', kind, url: '', recordingRoot: root }),
      ],
    },
  });
  return { h, root, url: `${h.webhookUrl}/other` };
}

describe.each<[RecorderKind, KindSender]>([
  ['blrec', BLREC],
  ['ddtv', DDTV],
  ['bililive-tools', BILILIVE_TOOLS],
])('a %s session through the app', (kind, sender) => {
  it('pops up one go-live naming the streamer and lists one file with its size, repeats and all', async () => {
    const { h, root, url } = await appWith(kind);
    await writeRecording(sender.filePath(root), SIZE);
    for (const body of sender.session(root)) {
      expect((await sender.post(url, body)).status).toBe(204);
      // The same happening twice: a blrec retry, a DDTV repeat, a biliLive-tools resend.
      expect((await sender.post(url, body)).status).toBe(204);
    }
    await vi.waitFor(async () => {
      expect((await h.app.handlers['history:files'](ALL)).total).toBe(1);
      expect(h.shown.map((n) => n.event)).toEqual(['StreamStarted', 'FileClosed']);
    });
    const goLives = h.shown.filter((n) => n.event === 'StreamStarted');
    expect(goLives).toHaveLength(1);
    expect(goLives[0]!.title).toContain(sender.streamer);
    const [file] = (await h.app.handlers['history:files'](ALL)).items;
    expect(file).toMatchObject({ recorderId: 'other', fileSize: SIZE });
    expect(h.shown.filter((n) => n.event === 'FileClosed')).toHaveLength(1);
  });
});

describe('a hot standby of another kind', () => {
  it('one room on BililiveRecorder and on blrec goes live once', async () => {
    const { h, url } = await appWith('blrec');
    const started = JSON.parse(fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    started.EventData.RoomId = 21452505;
    expect((await postWebhook(h.webhookUrl, JSON.stringify(started))).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect((await BLREC.post(url, kindFixture('blrec/live-began.json'))).status).toBe(204);
    // Marked the same stream the moment blrec's go-live is derived (the room live there too).
    await vi.waitFor(() =>
      expect(h.app.state().rooms).toContainEqual(
        expect.objectContaining({ roomId: 21452505, recorderId: 'other', streaming: true }),
      ),
    );
    // A later happening of blrec's pops up after whatever its go-live would have.
    expect((await BLREC.post(url, kindFixture('blrec/video-file-completed.json'))).status).toBe(
      204,
    );
    await vi.waitFor(() => expect(h.shown.map((n) => n.event)).toContain('FileClosed'));
    expect(h.shown.map((n) => n.event)).toEqual(['StreamStarted', 'FileClosed']);
  });
});

describe('what the listener refuses of other kinds', () => {
  it('answers an unknown event 422 with the reasons, and a malformed one too', async () => {
    const { h, url } = await appWith('blrec');
    const unknown = await BLREC.post(url, { ...kindFixture('blrec/live-began.json'), type: 'X' });
    expect(unknown.status).toBe(422);
    expect(unknown.json()).toEqual({
      error: 'not a blrec event this app reads',
      reasons: ['type: not a blrec event this app knows: X'],
    });
    const malformed = await BLREC.post(url, { type: 'LiveBeganEvent' });
    expect(malformed.status).toBe(422);
    expect(h.shown).toEqual([]);
  });

  it("refuses a web page's request and reads BililiveRecorder's format on the first recorder's URL", async () => {
    const { h, url } = await appWith('ddtv');
    const record = JSON.stringify(kindFixture('ddtv/start-live-event.json'));
    const fromPage = await postWebhook(url, record, { Origin: 'https://example.com' });
    expect(fromPage.status).toBe(403);
    // The first recorder is BililiveRecorder: a DDTV record there is not its format.
    expect((await postWebhook(h.webhookUrl, record)).status).toBe(422);
    expect((await DDTV.post(url, JSON.parse(record))).status).toBe(204);
  });

  it('holds the token and the size limit for every kind', async () => {
    const root = await mkdtemp(join(tmpdir(), 'token-rec-'));
    const token = 'a'.repeat(32);
    const h = await startApp({
      settings: {
        listener: { port: 0, token },
        recorders: [
          recorderSetting({ url: '' }),
          recorderSetting({ id: 'other', kind: 'bililive-tools', url: '', recordingRoot: root }),
        ],
      },
    });
    const base = h.webhookUrl.slice(0, h.webhookUrl.indexOf(`/webhook/${token}`));
    const event = kindFixture('bililive-tools/record-start.json');
    expect((await BILILIVE_TOOLS.post(`${base}/webhook/other`, event)).status).toBe(404);
    const url = `${h.webhookUrl}/other`;
    const huge = { ...event, data: { ...event.data, title: 'x'.repeat(2 * 1024 * 1024) } };
    expect((await BILILIVE_TOOLS.post(url, huge)).status).toBe(413);
    expect((await BILILIVE_TOOLS.post(url, event)).status).toBe(204);
  });
});
