import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvents } from '../../../../main/app/app-ports';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { postWebhook } from '../../../helpers/http';
import { ts, v2 } from '../../../helpers/recorder-events';

const temps: string[] = [];
afterEach(async () => {
  await stopApps();
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;

/** A recording root with files of set ages, a file outside it and a link to that file. */
async function recordings() {
  const top = await mkdtemp(path.join(tmpdir(), 'clean-up-app-'));
  temps.push(top);
  const root = path.join(top, 'rec');
  const outside = path.join(top, 'outside.flv');
  const files: Record<string, number> = {
    '1-a/录制-1-old.flv': 40,
    '1-a/录制-1-old.xml': 40,
    '1-a/录制-1-mid.flv': 10,
    '1-a/录制-1-new.flv': 1,
    '2-b/录制-2-rec.flv': 40, // the session still recording
    '1-a/notes.txt': 40,
  };
  for (const [relative, ageDays] of Object.entries(files)) {
    const file = path.join(root, ...relative.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, relative);
    const at = new Date(Date.now() - ageDays * DAY);
    await utimes(file, at, at);
  }
  await writeFile(outside, 'not the recorder’s');
  const old = new Date(Date.now() - 40 * DAY);
  await utimes(outside, old, old);
  await symlink(outside, path.join(root, '1-a', 'link.flv'));
  return { root, outside, top };
}

describe('clean-up of old recordings through the app', () => {
  it('lists what would go in a dry run, then removes it; the recording session and outside files stay', async () => {
    const { root, outside } = await recordings();
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: '', recordingRoot: root }),
        cleanUp: { enabled: false, rules: [{ keepDays: 7, then: 'delete' }] },
      },
    });
    const passes: AppEvents['cleanUp:pass'][] = [];
    h.app.subscribe((m) => void (m.event === 'cleanUp:pass' && passes.push(m.payload)));
    // Room 2 records now: its session's file is the recorder's, whatever its age.
    const sessionId = '5e0c7e4a-0000-4000-8000-00000000000a';
    for (const body of [
      v2('SessionStarted', { roomId: 2 }, 0, { SessionId: sessionId }),
      v2('FileOpening', { roomId: 2 }, 1, {
        SessionId: sessionId,
        RelativePath: '2-b/录制-2-rec.flv',
        FileOpenTime: ts(1),
      }),
    ])
      expect((await postWebhook(h.webhookUrl, JSON.stringify(body))).status).toBe(204);

    const preview = await h.app.handlers['cleanUp:preview'](undefined);
    expect(preview).toMatchObject({ enabled: false, dryRun: true, problems: [] });
    const wouldGo = ['1-a/录制-1-old.flv', '1-a/录制-1-old.xml', '1-a/录制-1-mid.flv'];
    expect(preview.rules[0]!.files.map((f) => f.relativePath).sort()).toEqual([...wouldGo].sort());
    expect(preview.rules[0]!.files.map((f) => f.roomId)).toEqual([1, 1, 1]);
    expect(preview.bytes).toBe(wouldGo.reduce((sum, p) => sum + Buffer.byteLength(p), 0));

    await h.app.handlers['settings:update']({ cleanUp: { enabled: true } });
    await vi.waitFor(() => expect(passes).toHaveLength(1));
    expect(passes[0]).toMatchObject({ dryRun: true, bytes: preview.bytes });
    expect(passes[0]!.files.sort()).toEqual([...wouldGo].sort());
    for (const relative of wouldGo) expect(existsSync(path.join(root, relative))).toBe(true);

    await h.app.handlers['settings:update']({ cleanUp: { dryRun: false } });
    await vi.waitFor(() => expect(passes).toHaveLength(2));
    expect(passes[1]).toMatchObject({ dryRun: false, bytes: preview.bytes });
    for (const relative of wouldGo) expect(existsSync(path.join(root, relative))).toBe(false);
    for (const stays of [
      '1-a/录制-1-new.flv',
      '2-b/录制-2-rec.flv',
      '1-a/notes.txt',
      '1-a/link.flv',
    ])
      expect(existsSync(path.join(root, stays))).toBe(true);
    expect(existsSync(outside)).toBe(true);

    const removals = await h.app.handlers['history:removals']({ limit: 50, offset: 0 });
    expect(removals.total).toBe(3);
    expect(removals.items.every((r) => r.then === 'delete' && r.rule === 0 && !r.error)).toBe(true);
  });

  it('keeps the removals in the history across a restart', async () => {
    const { root } = await recordings();
    const settings = {
      ...oneRecorder({ url: '', recordingRoot: root }),
      cleanUp: {
        enabled: true,
        dryRun: false,
        rules: [{ keepDays: 30, then: 'delete' as const }],
      },
    };
    const first = await startApp({ settings });
    await vi.waitFor(async () =>
      expect((await first.app.handlers['history:removals']({ limit: 50, offset: 0 })).total).toBe(
        3,
      ),
    );
    await stopApps();
    const again = await startApp({ dataDir: first.dataDir, settings });
    const removals = await again.app.handlers['history:removals']({
      limit: 50,
      offset: 0,
      roomId: 1,
    });
    expect(removals.items.map((r) => r.relativePath).sort()).toEqual([
      '1-a/录制-1-old.flv',
      '1-a/录制-1-old.xml',
    ]);
  });

  it('skips a trash rule where there is no trash (headless, a rule saved from the preview)', async () => {
    const { root } = await recordings();
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: '', recordingRoot: root }),
        cleanUp: { enabled: true, dryRun: false, rules: [{ keepDays: 7, then: 'trash' }] },
      },
    });
    await vi.waitFor(() => expect(h.log.lines.join('\n')).toContain('rule 0 says trash'));
    expect(existsSync(path.join(root, '1-a', '录制-1-old.flv'))).toBe(true);
    expect((await h.app.handlers['history:removals']({ limit: 50, offset: 0 })).total).toBe(0);
  });
});
