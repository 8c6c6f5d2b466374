import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { bridgeCaller, cookieParts, filesUnder } from '../helpers/preview-bridge';
import { ensureRendererBuilt, RENDERER_INDEX } from '../helpers/renderer-build';

const running: HeadlessProcess[] = [];
const recorders: FakeRecorder[] = [];
afterEach(async () => {
  await killAll(running);
  for (const r of recorders.splice(0)) await r.close();
});

// The contract is served by the browser preview's bridge, which starts only beside a built
// window; the page itself is not used here, so any build will do.
beforeAll(() => {
  if (!existsSync(RENDERER_INDEX)) ensureRendererBuilt();
}, 180_000);

const OTHER = 'http://127.0.0.1:9/other-tool';
const USER = 'admin';
const PASS = 'pass-7Hq';

describe('headless: connecting the recorder in one click', () => {
  it('adds the webhook URL once, events then arrive, and the cookie is in no output, log or file', async () => {
    const recorder = await startFakeRecorder({
      webhooks: [OTHER],
      user: USER,
      pass: PASS,
      retryDelaysMs: [10, 10],
    });
    recorders.push(recorder);
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-connect-'));
    const p = startHeadless(
      [
        ...['--port', '0', '--ui-port', '0', '--no-desktop', '--lang', 'en'],
        ...['--data-dir', dataDir, '--recorder-url', recorder.url, '--recorder-user', USER],
      ],
      { RECORDER_TRAY_RECORDER_PASS: PASS },
    );
    running.push(p);
    const ready = await p.waitFor((l) => l.type === 'ready' || l.type === 'error', 25_000);
    expect(ready).toMatchObject({ type: 'ready', uiUrl: expect.any(String) });
    await p.waitFor((l) => l.type === 'recorder' && l.status === 'ok');
    const call = bridgeCaller(ready.uiUrl);

    expect(await call('recorder:check')).toMatchObject({ status: 'ok', webhooks: 'not set' });
    expect(await call('recorder:connect', { recorderId: 'default' })).toMatchObject({
      ok: true,
      webhooks: 'set',
    });
    expect(await call('recorder:connect', { recorderId: 'default' })).toMatchObject({ ok: true });
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual([OTHER, ready.webhookUrl]);
    expect(await call('recorder:check')).toMatchObject({ webhooks: 'set' });

    // The recorder now sends its events here: a go-live pops up.
    await recorder.setLive(23058, true);
    expect(
      await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted'),
    ).toMatchObject({ roomIds: [23058] });

    await p.stop(); // a clean stop writes every file it keeps
    expect(cookieParts(JSON.stringify(p.lines))).toEqual([]);
    expect(cookieParts(p.stderr.join('\n'))).toEqual([]);
    for (const file of await filesUnder(dataDir))
      expect(cookieParts(file.text), file.path).toEqual([]);
  }, 60_000);
});
