import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CALL_CHANNELS,
  CALLS,
  EVENT_CHANNELS,
  EVENTS,
  isCallChannel,
  isEventChannel,
  parseCallRequest,
  parseCallResponse,
  parseEventPayload,
  type CallRequest,
  type CallResponse,
  type ContractHandlers,
} from '../../shared/ipc-contract';
import { sampleAppState } from '../fakes/app-state-sample';

describe('the IPC contract', () => {
  it('names each channel once, and gives every one of them its schemas', () => {
    expect(new Set(CALL_CHANNELS).size).toBe(CALL_CHANNELS.length);
    expect(new Set(EVENT_CHANNELS).size).toBe(EVENT_CHANNELS.length);
    expect(Object.keys(CALLS).sort()).toEqual([...CALL_CHANNELS].sort());
    expect(Object.keys(EVENTS).sort()).toEqual([...EVENT_CHANNELS].sort());
    for (const channel of CALL_CHANNELS) {
      expect(isCallChannel(channel), channel).toBe(true);
      expect(isEventChannel(channel), channel).toBe(false);
    }
    for (const channel of EVENT_CHANNELS) {
      expect(isEventChannel(channel), channel).toBe(true);
      expect(isCallChannel(channel), channel).toBe(false);
    }
  });

  it('knows its channels and nothing inherited', () => {
    expect(isCallChannel('state:get')).toBe(true);
    expect(isCallChannel('toString')).toBe(false);
    expect(isCallChannel('__proto__')).toBe(false);
    expect(isCallChannel(42)).toBe(false);
  });

  it('accepts nothing, null or {} for calls without arguments, and nothing else', () => {
    for (const empty of [undefined, null, {}])
      expect(parseCallRequest('state:get', empty).ok).toBe(true);
    expect(parseCallRequest('state:get', { extra: 1 })).toEqual({
      ok: false,
      reasons: [expect.stringMatching(/extra/)],
    });
  });

  it('refuses malformed history queries with path: message reasons', () => {
    const result = parseCallRequest('history:files', { offset: -1, limit: 10_000, roomId: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reasons).toHaveLength(3);
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^offset: /),
        expect.stringMatching(/^limit: /),
        expect.stringMatching(/^roomId: /),
      ]),
    );
  });

  it('takes files by room and recorder path, never by a raw path only', () => {
    expect(parseCallRequest('file:open', { roomId: 1, relativePath: 'a/b.flv' }).ok).toBe(true);
    expect(parseCallRequest('file:open', { path: '/etc/passwd' }).ok).toBe(false);
  });

  it('takes links by kind; the window cannot send a URL', () => {
    expect(parseCallRequest('link:open', { kind: 'liveRoom', roomId: 23058 }).ok).toBe(true);
    expect(parseCallRequest('link:open', { kind: 'recorderUi' }).ok).toBe(true);
    expect(parseCallRequest('link:open', { kind: 'url', url: 'javascript:alert(1)' }).ok).toBe(
      false,
    );
    expect(parseCallRequest('link:open', { kind: 'liveRoom', roomId: -1 }).ok).toBe(false);
  });

  it('checks settings patches field by field and refuses unknown keys', () => {
    expect(parseCallRequest('settings:update', { listener: { port: 8080 } }).ok).toBe(true);
    expect(parseCallRequest('settings:update', { language: null }).ok).toBe(true);
    const bad = parseCallRequest('settings:update', { listener: { port: 70000, prot: 1 } });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.reasons.join('\n')).toMatch(/listener\.port: /);
    expect(bad.reasons.join('\n')).toMatch(/prot/);
    expect(parseCallRequest('settings:update', { version: 9 }).ok).toBe(false);
  });

  it('checks responses and event payloads', () => {
    expect(parseCallResponse('state:get', sampleAppState()).ok).toBe(true);
    expect(parseCallResponse('state:get', { ...sampleAppState(), unreadCount: -1 }).ok).toBe(false);
    expect(parseEventPayload('state:changed', sampleAppState()).ok).toBe(true);
    expect(parseEventPayload('notification:added', { id: 1 }).ok).toBe(false);
    // Handler types come from the same schemas (checked by tsc).
    expectTypeOf<CallRequest<'eventLog:replay'>>().toEqualTypeOf<{ entryId: number }>();
    expectTypeOf<CallResponse<'notifications:pause'>>().toEqualTypeOf<{
      pausedUntil: number | null;
    }>();
    expectTypeOf<ContractHandlers['link:open']>().parameter(0).toHaveProperty('kind');
  });
});
