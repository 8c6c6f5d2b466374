import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCallRequest } from '../../../shared/ipc-contract';
import { FAKE_COOKIE, type FakeRecorder } from '../../fakes/fake-recorder/index';
import { startApp, stopApps, type AppHarness } from '../../fakes/app-harness';
import { oneRecorder } from '../../fakes/recorder-settings';
import { fakeRecorders } from '../../fakes/fake-recorder/test-kit';
import { postWebhook } from '../../helpers/http';
import { v2 } from '../../helpers/recorder-events';

afterEach(stopApps);

const fake = fakeRecorders();

const OTHER = 'http://127.0.0.1:9/other-tool';
const USER = 'admin';
const PASS = 'pässword';

/** Every file under a folder, as text. */
async function filesUnder(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (path) => ({ path, text: await readFile(path, 'utf8') })));
}

/** The pieces of the fake cookie (names and values) found in a text. */
const cookieParts = (text: string): string[] =>
  FAKE_COOKIE.split(/[;= ]+/).filter((part) => text.includes(part));

async function appFor(recorder: FakeRecorder, auth = false): Promise<AppHarness> {
  return startApp({
    settings: oneRecorder({
      url: recorder.url,
      ...(auth ? { username: USER, password: PASS } : {}),
    }),
  });
}

describe('recorder:connect and the connection check', () => {
  it('adds the app’s URL once, keeps the others, and the check then says webhooks: set', async () => {
    const recorder = await fake({ webhooks: [OTHER], user: USER, pass: PASS });
    const h = await appFor(recorder, true);
    const before = await h.app.handlers['recorder:check'](undefined);
    expect(before).toMatchObject({ status: 'ok', webhooks: 'not set' });

    const connected = await h.app.handlers['recorder:connect']({ recorderId: 'default' });
    expect(connected).toEqual({
      ok: true,
      message: `Connected: the recorder now sends its V2 webhooks to ${h.webhookUrl} (every URL it had is kept).`,
      webhooks: 'set',
    });
    const again = await h.app.handlers['recorder:connect']({ recorderId: 'default' });
    expect(again.message).toMatch(/already sends its V2 webhooks/);
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual([OTHER, h.webhookUrl]);
    expect(await h.app.handlers['recorder:check'](undefined)).toMatchObject({ webhooks: 'set' });
  });

  it('re-reads the settings once when webhooks arrive that they do not name, not once per webhook', async () => {
    const recorder = await fake({ webhooks: [OTHER] });
    const h = await appFor(recorder);
    expect(await h.app.handlers['recorder:check'](undefined)).toMatchObject({
      webhooks: 'not set',
    });
    const readsBefore = recorder.state.globalConfig.reads;
    for (let second = 0; second < 20; second += 1) {
      const body = JSON.stringify(
        v2('StreamStarted', { roomId: recorder.state.rooms[0]!.roomId }, second),
      );
      expect((await postWebhook(h.webhookUrl, body)).status).toBe(204);
    }
    await vi.waitFor(() => expect(recorder.state.globalConfig.reads).toBeGreaterThan(readsBefore));
    expect(recorder.state.globalConfig.reads - readsBefore).toBe(1);
  });

  it('says so where the V1 list points here already', async () => {
    const recorder = await fake();
    const h = await appFor(recorder);
    recorder.state.globalConfig.apply({
      optionalWebHookUrls: { hasValue: true, value: h.webhookUrl },
    });
    const result = await h.app.handlers['recorder:connect']({ recorderId: 'default' });
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(/V1 list too; both lists at once do no harm/);
  });

  it('answers 401 and a wrong base URL (HTML 404) in plain words', async () => {
    const recorder = await fake({ user: USER, pass: PASS });
    const h = await appFor(recorder);
    expect(await h.app.handlers['recorder:connect']({ recorderId: 'default' })).toEqual({
      ok: false,
      message:
        "Not connected. The recorder asks for a password. Enter the recorder's Basic auth user name and password here.",
      webhooks: 'unknown',
    });
    await h.app.handlers['settings:update'](
      oneRecorder({ url: `${recorder.url}/api`, username: USER, password: PASS }),
    );
    const wrong = await h.app.handlers['recorder:connect']({ recorderId: 'default' });
    expect(wrong.message).toMatch(/^Not connected\. The URL .* does not point at a recorder's API/);
  });

  it('refuses a recorder on another host while the app listens on loopback', async () => {
    // Not started: nothing polls the (unreachable) address; connect refuses before any request.
    const h = await startApp({
      start: false,
      settings: oneRecorder({ url: 'http://192.168.1.9:2356' }),
    });
    const result = await h.app.handlers['recorder:connect']({ recorderId: 'default' });
    expect(result).toMatchObject({ ok: false, webhooks: 'unknown' });
    expect(result.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/webhook/);
  });

  it('takes a recorder id of letters, digits and -', () => {
    expect(parseCallRequest('recorder:connect', { recorderId: 'nas-2' }).ok).toBe(true);
    for (const recorderId of ['', 'a b', '../x', 'x'.repeat(65)])
      expect(parseCallRequest('recorder:connect', { recorderId }).ok, recorderId).toBe(false);
    expect(parseCallRequest('recorder:connect', {}).ok).toBe(false);
  });

  it('keeps the login cookie out of answers, the log and the data folder', async () => {
    const recorder = await fake({ webhooks: [OTHER], user: USER, pass: PASS });
    const h = await appFor(recorder, true);
    const answers = [
      await h.app.handlers['recorder:check'](undefined),
      await h.app.handlers['recorder:connect']({ recorderId: 'default' }),
      await h.app.handlers['recorder:check'](undefined),
      await h.app.handlers['state:get'](undefined),
    ];
    await stopApps(); // flushes every file the app writes
    expect(recorder.state.globalConfig.value('optionalCookie')).toBe(FAKE_COOKIE);
    expect(cookieParts(JSON.stringify(answers))).toEqual([]);
    expect(cookieParts(h.log.lines.join('\n'))).toEqual([]);
    const files = await filesUnder(h.dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(cookieParts(file.text), file.path).toEqual([]);
  });
});
