import { describe, expect, it } from 'vitest';
import { RecorderStatus, recorderStatusMessage } from '../../../shared/recorder/connection-status';

describe('recorderStatusMessage', () => {
  it.each(RecorderStatus.options)('has a message for %s in both languages', (status) => {
    const en = recorderStatusMessage(status, 'en', { url: 'http://nas:2356' });
    const zh = recorderStatusMessage(status, 'zh-CN', { url: 'http://nas:2356' });
    expect(en).toMatch(/^[A-Z].*[.?]$/);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(zh).not.toBe(en);
  });

  it('says what to do about each failure', () => {
    expect(
      recorderStatusMessage('unreachable', 'en', {
        url: 'http://nas:2356',
        detail: 'ECONNREFUSED',
      }),
    ).toBe(
      'Cannot reach the recorder at http://nas:2356. Is it running, was it started with --bind, and is the URL right? (ECONNREFUSED)',
    );
    expect(recorderStatusMessage('unauthorized', 'en')).toMatch(
      /Basic auth user name and password here/,
    );
    expect(recorderStatusMessage('open-access-guard', 'en')).toMatch(/BREC_HTTP_OPEN_ACCESS/);
    expect(recorderStatusMessage('open-access-guard', 'zh-CN')).toMatch(/BREC_HTTP_OPEN_ACCESS/);
    expect(recorderStatusMessage('not-a-recorder', 'en', { url: 'http://nas:2356/api' })).toMatch(
      /^The URL http:\/\/nas:2356\/api does not point at a recorder's API/,
    );
    expect(recorderStatusMessage('server-error', 'zh-CN', { detail: 'HTTP 500' })).toBe(
      '录播姬处理请求时出错，稍后会自动重试。（HTTP 500）',
    );
  });

  it('names the room and the field of bad data', () => {
    const context = { roomId: 23058, field: 'recordingStats.durationRatio' };
    expect(recorderStatusMessage('bad-data', 'en', context)).toBe(
      'The recorder sent data this app does not understand (room 23058, field recordingStats.durationRatio).',
    );
    expect(recorderStatusMessage('bad-data', 'zh-CN', context)).toBe(
      '录播姬返回的数据无法识别（直播间 23058，字段 recordingStats.durationRatio）。',
    );
  });

  it('says when rooms of a good list could not be read, naming the first', () => {
    const odd = {
      roomId: 23058,
      field: 'streaming',
      detail: 'room 23058: streaming: expected boolean',
    };
    expect(recorderStatusMessage('ok', 'en', { unreadable: [odd] })).toBe(
      'Connected to the recorder. The data of 1 room could not be read (room 23058, field streaming); it shows as last read.',
    );
    expect(recorderStatusMessage('ok', 'en', { version: '2.11.1', unreadable: [odd, odd] })).toBe(
      'Connected to the recorder (version 2.11.1). The data of 2 rooms could not be read (the first: room 23058, field streaming); they show as last read.',
    );
    expect(
      recorderStatusMessage('ok', 'zh-CN', { unreadable: [odd, { field: 'roomId', detail: 'x' }] }),
    ).toBe(
      '已连接到录播姬。有 2 个直播间的数据无法识别（第一个：直播间 23058，字段 streaming），显示的是上次读到的状态。',
    );
  });

  it('shows the version when connected', () => {
    expect(recorderStatusMessage('ok', 'en', { version: '2.11.1' })).toBe(
      'Connected to the recorder (version 2.11.1).',
    );
  });
});
