import { describe, expect, it } from 'vitest';
import { checkTools } from '../../../../main/features/jobs/adapters/find-program';

// The actions-tools set: ffmpeg, ffprobe and rclone installed (.ci/run on Linux; the workflows
// install them on Windows and macOS).
describe('checkTools', () => {
  it('finds the installed ffmpeg, ffprobe and rclone with their version lines', async () => {
    const checks = await checkTools({ danmakuFactory: '/nonexistent/DanmakuFactory' });
    expect(checks.map((c) => [c.tool, c.found])).toEqual([
      ['ffmpeg', true],
      ['ffprobe', true],
      ['rclone', true],
      ['danmakuFactory', false],
    ]);
    expect(checks[0]!.version).toMatch(/^ffmpeg version/);
    expect(checks[1]!.version).toMatch(/^ffprobe version/);
    expect(checks[2]!.version).toMatch(/^rclone v/);
    expect(checks[3]!.message).toBe('not found at /nonexistent/DanmakuFactory');
  });
});
