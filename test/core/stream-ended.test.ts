import { describe, expect, it } from 'vitest';
import { coreHarness } from '../fakes/core-harness';
import { relativePathFor, ts, v2 } from '../helpers/recorder-events';

const room = { roomId: 7, name: '主播7' };

/** The StreamEnded popup after a stream with `files` files, delivered in the recorder's order. */
function endedPopup(language: 'zh-CN' | 'en', report = false) {
  const core = coreHarness((s) => {
    s.language = language;
    s.notifications.events.StreamEnded = true;
    s.notifications.events.SessionReport = report;
    s.notifications.groupWindowSeconds = 0;
  });
  core.deliver(v2('StreamStarted', room, 0, {}, { streaming: true, recording: false }));
  // Two files of 25 minutes each (1.5 GB in all) in a stream of one hour: 83% covered.
  for (const [i, opened] of [60, 1600].entries()) {
    core.deliver(
      v2('FileClosed', room, opened + 1500, {
        SessionId: '00000000-0000-4000-8000-000000000007',
        RelativePath: relativePathFor(room, opened),
        FileOpenTime: ts(opened),
        FileCloseTime: ts(opened + 1500),
        FileSize: 750_000_000 + i,
        Duration: 1500,
      }),
    );
  }
  core.deliver(v2('StreamEnded', room, 3600, {}, { streaming: false, recording: false }));
  return core.decided.find((d) => d.notification.event === 'StreamEnded')!.notification;
}

describe('StreamEnded, said well', () => {
  it('says how long the stream ran and what was recorded, in both languages', () => {
    const en = endedPopup('en');
    expect(en.title).toBe('主播7 went offline');
    expect(en.body).toBe(
      '今天也要开心\nLive for 1:00:00; 2 files recorded · 1.50 GB · 83% covered',
    );
    const zh = endedPopup('zh-CN');
    expect(zh.body).toBe('今天也要开心\n直播了 1:00:00，录了 2 个文件 · 1.50 GB · 覆盖 83%');
  });

  it('with session reports on, it keeps the live time only: the report says what was recorded', () => {
    const popup = endedPopup('en', true);
    expect(popup.body).toContain('Live for 1:00:00');
    expect(popup.body).not.toContain('recorded');
  });

  it('a stream whose start was not seen says what it always said', () => {
    const core = coreHarness((s) => {
      s.language = 'en';
      s.notifications.events.StreamEnded = true;
      s.notifications.groupWindowSeconds = 0;
    });
    core.deliver(v2('StreamEnded', room, 10, {}, { streaming: false, recording: false }));
    const popup = core.decided.find((d) => d.notification.event === 'StreamEnded')?.notification;
    expect(popup?.title).toBe('主播7 went offline');
    expect(popup?.body).not.toContain('Live for');
  });
});
