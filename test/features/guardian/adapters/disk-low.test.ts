import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  statfsFreeSpace,
  type FreeSpacePort,
} from '../../../../main/features/guardian/adapters/free-space';
import { GuardianSource } from '../../../../main/features/guardian/adapters/guardian-source';
import type { SourceContext } from '../../../../main/core/plug-ins';
import type { Happening } from '../../../../main/core/happening';
import { defaultSettings, type Settings } from '../../../../shared/settings';
import { oneRecorder } from '../../../fakes/recorder-settings';

const MIB = 2 ** 20;
let root = '';
let mounted = false;
// Without a mount (not root, no tmpfs), the same test runs through the injected statfs port,
// over a counter of the bytes this test "wrote".
let written = 0;
const fakeStatfs: FreeSpacePort = () => Promise.resolve(4 * MIB - written);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'guardian-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', root], { stdio: 'ignore' });
    mounted = true;
  } catch {
    mounted = false;
  }
  console.info(
    `disk-low test runs on ${mounted ? 'a real 4 MiB tmpfs' : 'the injected statfs port'}`,
  );
});

afterAll(async () => {
  if (mounted) execFileSync('umount', [root]);
  await (mounted ? rmdir(root) : rm(root, { recursive: true, force: true }));
});

function context(settings: Settings, offered: Happening[]): SourceContext {
  return {
    clock: Date.now,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    dataDir: root,
    settings: () => settings,
    language: () => 'en',
    offer: (h) => offered.push(h),
    observe: () => () => {},
    rooms: () => [],
    roomEverywhere: () => [],
    recorders: () => settings.recorders,
  };
}

describe('disk-low on a small file system', () => {
  it('starts when the recording folder falls under the threshold, once, and ends when space is back', async () => {
    const settings = defaultSettings();
    settings.recorders = oneRecorder({ url: '', recordingRoot: root }).recorders;
    settings.guardian = { ...settings.guardian, diskFreeGiB: 2 / 1024, diskSampleSeconds: 1 };
    const offered: Happening[] = [];
    let samples = 0;
    const port = mounted ? statfsFreeSpace : fakeStatfs;
    const source = new GuardianSource({
      freeSpace: (path) => {
        samples += 1;
        return port(path);
      },
      tickMs: 50,
    });
    source.start(context(settings, offered));
    try {
      // 4 MiB free: fine, however often it is sampled.
      await vi.waitFor(() => expect(samples).toBeGreaterThanOrEqual(2), { timeout: 5000 });
      expect(offered).toEqual([]);
      const filler = join(root, 'recording.flv');
      await writeFile(filler, Buffer.alloc(3 * MIB, 1));
      written = 3 * MIB;
      await vi.waitFor(() => expect(offered).toHaveLength(1), { timeout: 5000 });
      expect(offered[0]).toMatchObject({
        kind: 'RecordingProblem',
        roomId: 0,
        problem: { code: 'disk-low', facts: { freeBytes: expect.any(Number) } },
      });
      expect(offered[0]!.problem!.facts!.freeBytes).toBeLessThan(2 * MIB);
      expect(source.problems()).toEqual([expect.objectContaining({ code: 'disk-low' })]);
      await rm(filler);
      written = 0;
      await vi.waitFor(() => expect(offered).toHaveLength(2), { timeout: 5000 });
      expect(offered[1]).toMatchObject({ kind: 'ProblemResolved', problem: { code: 'disk-low' } });
      expect(source.problems()).toEqual([]);
    } finally {
      source.stop();
    }
  });
});
