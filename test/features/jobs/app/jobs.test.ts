import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryJobStore } from '../../../fakes/memory-job-store';
import type { Job } from '../../../../shared/jobs';
import type { SettingsPatch } from '../../../../shared/settings-patch';
import { startApp, stopApps, type AppHarness } from '../../../fakes/app-harness';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { fixtureJson } from '../../../helpers/fixtures';
import { postWebhook } from '../../../helpers/http';
import { argvRecorder, makeFlv, probe } from '../../../helpers/media-tools';

afterEach(() => stopApps());

const RELATIVE = '23058-3号直播间/录制-23058-20240317-203703-677-哔哩哔哩音悦台.flv';
const HOSTILE = '"; rm -rf ~; $(touch /tmp/pwned-by-title) `id`';

function fileClosed(
  fields: { relativePath?: string; title?: string; eventId?: string } = {},
): string {
  const body = fixtureJson<{ EventId: string; EventData: Record<string, unknown> }>(
    'synthesized/webhook-v2-FileClosed.json',
  );
  body.EventData.RelativePath = fields.relativePath ?? RELATIVE;
  if (fields.title) body.EventData.Title = fields.title;
  if (fields.eventId) body.EventId = fields.eventId;
  return JSON.stringify(body);
}

async function withRecording(): Promise<{ root: string; flv: string }> {
  const root = await mkdtemp(join(tmpdir(), 'jobs-root-'));
  const flv = join(root, RELATIVE);
  await makeFlv(flv);
  return { root, flv };
}

function actions(
  root: string,
  rules: unknown[],
  more: Record<string, unknown> = {},
): SettingsPatch {
  return {
    ...oneRecorder({ url: '', recordingRoot: root }),
    actions: { enabled: true, rules, ...more },
  } as SettingsPatch;
}

async function jobs(h: AppHarness): Promise<Job[]> {
  return (await h.app.handlers['jobs:list']({})).jobs;
}

async function until(h: AppHarness, status: Job['status']): Promise<Job> {
  let found: Job | undefined;
  await vi.waitFor(
    async () => {
      found = (await jobs(h)).find((job) => job.status === status);
      expect(found).toBeDefined();
    },
    { timeout: 20_000, interval: 50 },
  );
  return found!;
}

describe('jobs through the app object', () => {
  it('a FileClosed under the recording root is remuxed; the state counts the job, done', async () => {
    const { root, flv } = await withRecording();
    const h = await startApp({
      settings: actions(root, [{ id: 'mp4', name: 'To MP4', steps: [{ kind: 'remux' }] }]),
    });
    const changed: Job[] = [];
    h.app.subscribe((m) => m.event === 'jobs:changed' && changed.push(m.payload));
    await postWebhook(h.webhookUrl, fileClosed());
    const done = await until(h, 'done');
    const mp4 = flv.replace(/\.flv$/, '.mp4');
    expect(done).toMatchObject({
      ruleId: 'mp4',
      ruleName: 'To MP4',
      inputs: [flv],
      outputPath: mp4,
    });
    expect((await probe(mp4)).codecs).toEqual(['h264', 'aac']);
    expect(changed.map((j) => j.status)).toContain('running');
    expect(h.shown.filter((n) => n.event === 'JobDone')).toEqual([]); // notifyDone is off
  });

  it('a failing program: three tries, then a popup with its words; retry runs it again', async () => {
    const { root } = await withRecording();
    const dir = await mkdtemp(join(tmpdir(), 'jobs-fail-'));
    const log = join(dir, 'argv.log');
    const script = await argvRecorder(dir, log, { exitCode: 2, stderr: 'quota exceeded\n' });
    const h = await startApp({
      settings: actions(root, [
        { id: 'up', steps: [{ kind: 'run', program: process.execPath, args: [script] }] },
      ]),
      seams: { jobBackOffMs: [10, 10] },
    });
    await postWebhook(h.webhookUrl, fileClosed());
    const failed = await until(h, 'failed');
    expect(failed.error).toBe('quota exceeded\n(exit code 2)');
    expect(failed.steps[0]).toMatchObject({ status: 'failed', tries: 3 });
    expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(3);
    await vi.waitFor(() => expect(h.shown.some((n) => n.event === 'JobFailed')).toBe(true));
    const popup = h.shown.find((n) => n.event === 'JobFailed')!;
    expect(popup.body).toContain('quota exceeded');
    expect(h.app.state().jobs).toEqual({ queued: 0, running: 0, failed: 1 });
    expect(await h.app.handlers['jobs:retry']({ id: failed.id })).toEqual({
      ok: true,
      jobId: failed.id,
    });
    await vi.waitFor(
      async () => expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(6),
      { timeout: 20_000, interval: 50 },
    );
  });

  it('a hostile title is one argument of text; a hostile RelativePath starts nothing', async () => {
    const { root, flv } = await withRecording();
    const dir = await mkdtemp(join(tmpdir(), 'jobs-hostile-'));
    const log = join(dir, 'argv.log');
    const script = await argvRecorder(dir, log);
    const h = await startApp({
      settings: actions(root, [
        {
          id: 'run',
          steps: [{ kind: 'run', program: process.execPath, args: [script, '{title}', '{path}'] }],
        },
      ]),
    });
    await postWebhook(
      h.webhookUrl,
      fileClosed({
        relativePath: '../../../../usr/bin/xterm',
        eventId: '1b0e0c5e-0000-4000-8000-000000000001',
      }),
    );
    await postWebhook(h.webhookUrl, fileClosed({ title: HOSTILE }));
    await until(h, 'done');
    const runs = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).argv);
    expect(runs).toEqual([[HOSTILE, flv]]);
    expect(existsSync('/tmp/pwned-by-title')).toBe(false);
    expect(await jobs(h)).toHaveLength(1);
  });

  it('cancel stops a running step; a job per rule and file only once', async () => {
    const { root } = await withRecording();
    const dir = await mkdtemp(join(tmpdir(), 'jobs-cancel-'));
    const script = await argvRecorder(dir, join(dir, 'log'), { waitFor: join(dir, 'never') });
    const h = await startApp({
      settings: actions(root, [
        { id: 'slow', steps: [{ kind: 'run', program: process.execPath, args: [script] }] },
      ]),
    });
    await postWebhook(h.webhookUrl, fileClosed());
    const running = await until(h, 'running');
    await postWebhook(
      h.webhookUrl,
      fileClosed({ eventId: '1b0e0c5e-0000-4000-8000-000000000002' }),
    );
    expect(await h.app.handlers['jobs:cancel']({ id: running.id })).toEqual({
      ok: true,
      jobId: running.id,
    });
    const cancelled = await until(h, 'cancelled');
    expect(cancelled.steps[0]?.status).toBe('cancelled');
    expect(await jobs(h)).toHaveLength(1);
    expect((await h.app.handlers['jobs:cancel']({ id: running.id })).ok).toBe(false);
  });

  it('after a crash, the leftover step process is stopped and the step runs again: it finishes once', async () => {
    const { root } = await withRecording();
    const dir = await mkdtemp(join(tmpdir(), 'jobs-restart-'));
    const log = join(dir, 'argv.log');
    const release = join(dir, 'go');
    const script = await argvRecorder(dir, log, { waitFor: release });
    const settings = actions(root, [
      { id: 'slow', steps: [{ kind: 'run', program: process.execPath, args: [script, '{name}'] }] },
    ]);
    const first = new MemoryJobStore();
    const h1 = await startApp({
      settings,
      seams: { jobStore: first, jobBackOffMs: [60_000, 60_000] },
    });
    await postWebhook(h1.webhookUrl, fileClosed());
    await vi.waitFor(async () => expect((await first.load())[0]?.process).toBeTruthy());
    // The app "crashes": what it stored is all the next run has, its step process still runs.
    const kept = new MemoryJobStore();
    for (const job of await first.load()) await kept.save(job);
    const leftover = (await kept.load())[0]!.process!.pid;
    const h2 = await startApp({ settings, seams: { jobStore: kept } });
    const rerun = await until(h2, 'running');
    await vi.waitFor(async () => expect((await kept.load())[0]?.process?.pid).not.toBe(leftover));
    await writeFile(release, '');
    const done = await until(h2, 'done');
    expect(done.id).toBe(rerun.id);
    expect(done.steps[0]?.tries).toBe(2);
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).pid).not.toBe(leftover);
  });

  it('a SessionEnded rule runs once on the session files, late ones included', async () => {
    const { root, flv } = await withRecording();
    const dir = await mkdtemp(join(tmpdir(), 'jobs-session-'));
    const log = join(dir, 'argv.log');
    const script = await argvRecorder(dir, log);
    const h = await startApp({
      settings: {
        ...actions(root, [
          {
            id: 'sess',
            on: 'SessionEnded',
            steps: [
              { kind: 'run', program: process.execPath, args: [script, '{sessionId}', '{path}'] },
            ],
          },
        ]),
        guardian: { reportWaitSeconds: 1 },
      },
    });
    const ended = fixtureJson<{ EventData: { SessionId: string } }>(
      'synthesized/webhook-v2-SessionEnded.json',
    );
    ended.EventData.SessionId = '9c2e4a8a-3f7b-4d8e-a5b1-0c6d2e9f1a47'; // the FileClosed fixture's
    await postWebhook(h.webhookUrl, JSON.stringify(ended));
    await postWebhook(h.webhookUrl, fileClosed()); // after SessionEnded: the recorder keeps no order
    const done = await until(h, 'done');
    expect(done).toMatchObject({ on: 'SessionEnded', ruleId: 'sess', inputs: [flv] });
    const runs = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).argv);
    expect(runs).toEqual([['9c2e4a8a-3f7b-4d8e-a5b1-0c6d2e9f1a47', flv]]);
  });

  it('checks the tools and tries a rule on the newest finished file', async () => {
    const { root, flv } = await withRecording();
    const h = await startApp({ settings: { ...oneRecorder({ url: '', recordingRoot: root }) } });
    expect(
      await h.app.handlers['actions:tryOnLastFile']({
        rule: { id: 'x', steps: [{ kind: 'remux' }] } as never,
      }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/No finished file/) });
    await postWebhook(h.webhookUrl, fileClosed());
    await vi.waitFor(async () =>
      expect((await h.app.handlers['history:files']({ limit: 50, offset: 0 })).total).toBe(1),
    );
    const tried = await h.app.handlers['actions:tryOnLastFile']({
      rule: {
        id: 'x',
        name: '',
        on: 'FileClosed',
        steps: [{ kind: 'remux', format: 'mp4', deleteSource: false }],
      },
    });
    expect(tried.ok).toBe(true);
    const done = await until(h, 'done');
    expect(done).toMatchObject({ id: tried.jobId, inputs: [flv] });
    const tools = (await h.app.handlers['actions:checkTools']({})).tools;
    expect(tools.find((t) => t.tool === 'ffmpeg')).toMatchObject({ found: true });
  });
});
