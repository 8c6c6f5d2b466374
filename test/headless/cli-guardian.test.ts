import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';

const ROOM = 23058;
const running: HeadlessProcess[] = [];
const recorders: FakeRecorder[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await killAll(running);
  for (const r of recorders.splice(0)) await r.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

// Thresholds of seconds instead of minutes, so that every rule fires within a test.
const FAST = {
  notRecordingSeconds: 1,
  noFileSeconds: 1,
  stalledSeconds: 2,
  laggingSeconds: 1,
  danmakuDownSeconds: 1,
  reportWaitSeconds: 1,
  warningMinutes: 0.05,
};

async function launch(recorderUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-guardian-'));
  dirs.push(dataDir);
  const config = join(dataDir, 'config.json');
  await writeFile(config, JSON.stringify({ guardian: FAST, recorder: { url: recorderUrl } }));
  const p = startHeadless([
    ...['--port', '0', '--no-desktop', '--lang', 'en', '--data-dir', dataDir],
    ...['--config', config, '--poll-interval', '1'],
  ]);
  running.push(p);
  const ready = await p.waitFor((l) => l.type === 'ready');
  return { p, webhookUrl: ready.webhookUrl as string };
}

async function recorder() {
  const r = await startFakeRecorder({ port: 0, rooms: 2 });
  recorders.push(r);
  return r;
}

const problemPopup = (code: string) => (l: Record<string, any>) =>
  l.type === 'notification' && l.event === 'RecordingProblem' && l.problem === code;
const resolved = (code: string) => (l: Record<string, any>) =>
  l.type === 'problem-resolved' && l.problem === code;

describe('headless: the recording guardian against the fake recorder over HTTP', () => {
  it.each(['not-recording', 'stalled', 'lagging', 'danmaku-down'] as const)(
    '%s pops up once from polls, and its end is printed',
    async (code) => {
      const r = await recorder();
      const { p } = await launch(r.url);
      await p.waitFor((l) => l.type === 'rooms');
      await r.scenario(ROOM, code);
      const popup = await p.waitFor(problemPopup(code));
      expect(popup).toMatchObject({ roomIds: [ROOM], problem: code });
      expect(popup.title).toContain('3号直播间');
      await r.scenario(ROOM, 'healthy');
      expect(await p.waitFor(resolved(code))).toMatchObject({ roomIds: [ROOM] });
      expect(p.lines.filter(problemPopup(code))).toHaveLength(1);
    },
  );

  it('recorder-warning: a trouble warning in the recorder log, read by cursor', async () => {
    const r = await recorder();
    const { p } = await launch(r.url);
    await vi.waitFor(() => expect(r.state.log.fetches).toBeGreaterThan(0), { timeout: 10_000 });
    await r.scenario(ROOM, 'recorder-warning', 'io-error');
    const popup = await p.waitFor(problemPopup('recorder-warning'));
    expect(popup).toMatchObject({
      roomIds: [ROOM],
      problemFacts: { warning: 'io-error' },
      title: expect.stringContaining('could not write'),
    });
    await p.waitFor(resolved('recorder-warning'));
  });

  it('no-file over real webhooks (no REST API): a session without a file, then its end', async () => {
    const r = await recorder();
    const { p, webhookUrl } = await launch('');
    r.addWebhook(webhookUrl);
    await r.scenario(ROOM, 'no-file');
    expect(await p.waitFor(problemPopup('no-file'))).toMatchObject({ roomIds: [ROOM] });
    const stopped = r.state.stopRecording(r.state.get(ROOM));
    await r.emit(stopped!.sessionEnded);
    expect(await p.waitFor(resolved('no-file'))).toMatchObject({ roomIds: [ROOM] });
  });

  it('incomplete-session over real webhooks: the session report and one problem popup', async () => {
    const r = await recorder();
    const { p, webhookUrl } = await launch('');
    r.addWebhook(webhookUrl);
    await r.scenario(ROOM, 'gaps');
    const report = await p.waitFor((l) => l.type === 'session-report');
    expect(report).toMatchObject({ roomId: ROOM, files: 2, gaps: 1 });
    expect(report.coverage).toBeGreaterThan(0.6);
    expect(report.coverage).toBeLessThan(0.7);
    const popup = await p.waitFor(problemPopup('incomplete-session'));
    expect(popup).toMatchObject({ roomIds: [ROOM], problemFacts: { gaps: 1 } });
  });
});
