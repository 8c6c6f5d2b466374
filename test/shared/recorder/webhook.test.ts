import { describe, expect, it } from 'vitest';
import { parseWebhook, recorderVersionFromUserAgent } from '../../../shared/recorder/webhook';
import { fixtureJson, fixtureNames } from '../../helpers/fixtures';

const webhookFixtures = [
  ...fixtureNames('real', 'webhook-'),
  ...fixtureNames('synthesized', 'webhook-'),
  ...fixtureNames('docs-examples', 'webhook-'),
];

describe('parseWebhook on every webhook fixture', () => {
  it.each(webhookFixtures)('%s parses as the event its name says', (name) => {
    const body = fixtureJson(name);
    const result = parseWebhook(body);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const expectedType = /webhook-v1-/.test(name)
      ? 'FileClosedV1'
      : /webhook-v2-(\w+)/.exec(name)![1];
    expect(result.value.type).toBe(expectedType);
    expect(result.value.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps Chinese text and the raw timestamp of the real FileClosed', () => {
    const result = parseWebhook(fixtureJson('real/webhook-v2-FileClosed.issue553.json'));
    expect(result.ok).toBe(true);
    if (!result.ok || result.value.type !== 'FileClosed') throw new Error('expected FileClosed');
    expect(result.value.data.Name).toBe('露露自信一点');
    expect(result.value.data.FileCloseTime).toBe('2023-11-28T23:47:38.6967773+08:00');
    expect(result.value.data.Duration).toBe(2918.672);
  });
});

describe('parseWebhook rules from docs/recorder.md', () => {
  const streamStarted = () =>
    fixtureJson<Record<string, any>>('synthesized/webhook-v2-StreamStarted.json');

  it.each([
    '2024-03-17T20:37:02+08:00',
    '2024-03-17T20:37:02.4+08:00',
    '2024-03-17T20:37:02.4410062-05:30',
  ])('accepts the timestamp %s', (ts) => {
    expect(parseWebhook({ ...streamStarted(), EventTimestamp: ts }).ok).toBe(true);
  });

  it.each([
    '2024-03-17T20:37:02.44100621+08:00',
    '2024-03-17 20:37:02+08:00',
    '2024-03-17T20:37:02',
    'yesterday',
  ])('refuses the timestamp %s', (ts) => {
    const result = parseWebhook({ ...streamStarted(), EventTimestamp: ts });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons[0]).toMatch(/^EventTimestamp: /);
  });

  it('accepts a 1.3.x payload without Recording/Streaming/DanmakuConnected and SessionId last', () => {
    const body = fixtureJson<Record<string, any>>('docs-examples/webhook-v2-FileClosed.docs.jsonc');
    delete body.EventData.Recording;
    delete body.EventData.Streaming;
    delete body.EventData.DanmakuConnected;
    const result = parseWebhook(body);
    expect(result.ok).toBe(true);
    if (result.ok && result.value.type === 'FileClosed')
      expect(result.value.data.Streaming).toBeUndefined();
  });

  it('accepts extra fields anywhere', () => {
    const body = streamStarted();
    body.NewTopLevel = 1;
    body.EventData.NewField = { nested: true };
    expect(parseWebhook(body).ok).toBe(true);
  });

  it('accepts an unknown EventType as unknown, not as an error', () => {
    const result = parseWebhook({
      ...streamStarted(),
      EventType: 'DanmakuReceived',
      EventData: { Anything: 1 },
    });
    expect(result).toMatchObject({
      ok: true,
      value: { type: 'unknown', eventType: 'DanmakuReceived' },
    });
  });

  it('keeps a FileSize above 2^32 exact', () => {
    const body = fixtureJson<Record<string, any>>('synthesized/webhook-v2-FileClosed.json');
    body.EventData.FileSize = 2 ** 32 + 12345;
    const result = parseWebhook(body);
    if (!result.ok || result.value.type !== 'FileClosed') throw new Error('expected FileClosed');
    expect(result.value.data.FileSize).toBe(4294979641);
  });

  it('lowercases ids so that dedupe does not depend on case', () => {
    const body = streamStarted();
    body.EventId = body.EventId.toUpperCase();
    const result = parseWebhook(body);
    expect(result.ok && result.value.id).toBe('2f6b1c9e-7a35-4e0b-9d42-5c8e1f3a6b70');
  });

  it('explains a wrong field with its path', () => {
    const body = streamStarted();
    body.EventData.RoomId = '23058';
    expect(parseWebhook(body)).toEqual({
      ok: false,
      reasons: ['EventData.RoomId: expected number, received string'],
    });
  });

  it.each([
    ['a string', 'room 23058'],
    ['an array', [23058]],
    ['null', null],
  ])('refuses EventData that is %s, also for an unknown event type', (_, data) => {
    for (const EventType of ['StreamStarted', 'SomethingNew']) {
      expect(parseWebhook({ ...streamStarted(), EventType, EventData: data })).toEqual({
        ok: false,
        reasons: ['EventData: expected object'],
      });
    }
  });

  it('keeps the fields of an unknown event type as sent', () => {
    const body = { ...streamStarted(), EventType: 'SomethingNew', EventData: { Extra: [1, 2] } };
    const result = parseWebhook(body);
    expect(result.ok && result.value.type === 'unknown' && result.value.data).toEqual({
      Extra: [1, 2],
    });
  });

  it('explains a body that is neither V1 nor V2', () => {
    const result = parseWebhook({ hello: 'world' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons[0]).toMatch(/neither a V2 webhook .* nor a V1 webhook/);
  });

  it.each([null, [], 'text', 42])('refuses the non-object %j', (body) => {
    expect(parseWebhook(body).ok).toBe(false);
  });

  it('names every missing V1 field', () => {
    const result = parseWebhook({ EventRandomId: '4e7d2a91-0b6c-4f35-a8e9-c1f05d3b7a62' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.reasons).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^RoomId: /),
          expect.stringMatching(/^RelativePath: /),
        ]),
      );
  });
});

describe('recorderVersionFromUserAgent', () => {
  it.each([
    ['BililiveRecorder/2.11.1', '2.11.1'],
    ['BililiveRecorder/2.11.2-alpha.1+5', '2.11.2-alpha.1+5'],
    ['curl/8.0', undefined],
    [undefined, undefined],
  ])('%s → %s', (ua, version) => {
    expect(recorderVersionFromUserAgent(ua)).toBe(version);
  });
});
