import { describe, expect, it } from 'vitest';
import { connectText, type ConnectOutcome } from '../../../shared/i18n/recorder-connect';

const OUTCOMES: ConnectOutcome[] = [
  'added',
  'already',
  'unreachable',
  'noRecorderUrl',
  'failed',
  'notConfirmed',
];
const facts = {
  webhookUrl: 'http://127.0.0.1:23560/webhook',
  recorderUrl: 'http://nas.local:2356',
  reason: 'Cannot reach the recorder.',
};

describe('the answers of recorder:connect', () => {
  it.each(OUTCOMES)('%s has its own words in zh-CN and in English', (outcome) => {
    const zh = connectText(outcome, 'zh-CN', facts);
    const en = connectText(outcome, 'en', facts);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(en).toMatch(/^[A-Z]/);
    expect(zh).not.toBe(en);
    if (outcome !== 'noRecorderUrl' && outcome !== 'failed') {
      expect(zh).toContain(facts.webhookUrl);
      expect(en).toContain(facts.webhookUrl);
    }
  });

  it('names the reason of a failure and the recorder that cannot reach the URL', () => {
    expect(connectText('failed', 'en', facts)).toBe('Not connected. Cannot reach the recorder.');
    expect(connectText('unreachable', 'zh-CN', facts)).toContain('http://nas.local:2356');
  });

  it('adds the V1 note when the URL is in the V1 list too', () => {
    expect(connectText('added', 'en', facts, true)).toMatch(
      /\)\. This URL is in the recorder's V1 list too/,
    );
    expect(connectText('already', 'zh-CN', facts, true)).toMatch(
      /无需更改。这个地址也在录播姬的 Webhook V1 列表里/,
    );
  });
});
