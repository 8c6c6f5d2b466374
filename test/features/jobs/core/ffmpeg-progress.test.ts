import { describe, expect, it } from 'vitest';
import { FfmpegProgress } from '../../../../main/features/jobs/core/ffmpeg-progress';

describe('FfmpegProgress', () => {
  it('reads out_time_us against the duration, across chunk boundaries', () => {
    const progress = new FfmpegProgress(4);
    expect(progress.feed('frame=10\nout_time_us=1000')).toBeNull();
    expect(progress.feed('000\nprogress=continue\n')).toBe(0.25);
    expect(progress.feed('out_time_us=N/A\n')).toBeNull();
    expect(progress.feed('out_time_us=9000000\n')).toBe(1);
  });

  it('reports a position reached within a chunk even when the end follows it', () => {
    const progress = new FfmpegProgress(2);
    expect(progress.feed('out_time_us=2043152\nprogress=end\n')).toBe(1);
  });

  it('knows only the end when the duration is unknown', () => {
    const progress = new FfmpegProgress(null);
    expect(progress.feed('out_time_us=1000000\nprogress=continue\n')).toBeNull();
    expect(progress.feed('progress=end\n')).toBe(1);
    expect(progress.fraction).toBe(1);
  });
});
