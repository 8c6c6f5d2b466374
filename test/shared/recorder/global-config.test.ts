import { describe, expect, it } from 'vitest';
import { GlobalWebhookLists } from '../../../shared/recorder/global-config';
import { fixtureJson } from '../../helpers/fixtures';

const fixture = () =>
  fixtureJson<Record<string, any>>('synthesized/rest-GET-api-config-global.json');

describe('the webhook lists of the global settings', () => {
  it('reads the two lists and nothing else: the login cookie does not come through', () => {
    const parsed = GlobalWebhookLists.parse(fixture());
    expect(parsed).toEqual({
      v1: '',
      v2: 'http://192.168.1.20:8080/webhook/bililiverecorder\nhttps://example.org/hook',
    });
    expect(JSON.stringify(parsed)).not.toContain('SESSDATA');
  });

  it('reads hasValue false as the default (an empty list) and a null value as empty', () => {
    const body = fixture();
    body.optionalWebHookUrls = { hasValue: false, value: 'http://stale/old' };
    body.optionalWebHookUrlsV2 = { hasValue: true, value: null };
    expect(GlobalWebhookLists.parse(body)).toEqual({ v1: '', v2: '' });
  });

  it('refuses a list that is not an Optional string', () => {
    const body = fixture();
    body.optionalWebHookUrlsV2 = 'http://a/x';
    expect(GlobalWebhookLists.safeParse(body).success).toBe(false);
    expect(GlobalWebhookLists.safeParse({}).success).toBe(false);
  });
});
