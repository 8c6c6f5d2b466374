import { describe, expect, it } from 'vitest';
import { trayTooltip } from '../../main/core/tray-model';

describe('the tray tooltip and jobs', () => {
  it('the tooltip counts running jobs', () => {
    const base = { rooms: [], recorderStatus: 'ok' as const, paused: false };
    expect(trayTooltip({ ...base, language: 'en', runningJobs: 2 })).toContain('2 jobs running');
    expect(trayTooltip({ ...base, language: 'zh-CN', runningJobs: 1 })).toContain(
      '正在处理 1 个任务',
    );
    expect(trayTooltip({ ...base, language: 'en' })).not.toContain('running');
  });
});
