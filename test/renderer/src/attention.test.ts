import { describe, expect, it } from 'vitest';
import type { RoomState } from '../../../shared/model';
import { attentionOf, problemsByRoom } from '../../../renderer/src/attention';

const NOW = 1_700_000_000_000;

function room(flags: Partial<RoomState> = {}): RoomState {
  return {
    roomId: 1,
    shortId: 0,
    name: 'n',
    title: 't',
    areaNameParent: '',
    areaNameChild: '',
    streaming: false,
    recording: false,
    danmakuConnected: false,
    updatedAt: NOW,
    ...flags,
  };
}

const stats = {
  sessionDurationMs: 1000,
  currentFileSize: 1,
  networkMbps: 3,
  durationRatio: 1,
} as unknown as NonNullable<RoomState['stats']>;
const context = { now: NOW, pollIntervalSeconds: 10, apiAnswers: true, problems: null };

describe('attentionOf', () => {
  it('sees a live room with auto-record on that is not recording', () => {
    expect(attentionOf(room({ streaming: true, autoRecord: true }), context)).toEqual([
      { kind: 'notRecording' },
    ]);
    expect(attentionOf(room({ streaming: true, autoRecord: false }), context)).toEqual([]);
  });

  it('sees a recording that falls behind and a chat that is down', () => {
    const behind = room({
      streaming: true,
      recording: true,
      danmakuConnected: false,
      stats: { ...stats, durationRatio: 0.7 },
    });
    expect(attentionOf(behind, context).map((a) => a.kind)).toEqual(['behind', 'chatDown']);
  });

  it('calls statistics older than two polls, or from a lost API, stale', () => {
    const old = room({ recording: true, danmakuConnected: true, stats, updatedAt: NOW - 21_000 });
    expect(attentionOf(old, context).map((a) => a.kind)).toEqual(['stale']);
    const fresh = { ...old, updatedAt: NOW - 1000 };
    expect(attentionOf(fresh, context)).toEqual([]);
    expect(attentionOf(fresh, { ...context, apiAnswers: false }).map((a) => a.kind)).toEqual([
      'stale',
    ]);
  });

  it("takes the guardian's problems for a room where it has some", () => {
    const problems = problemsByRoom([
      { roomId: 1, code: 'stalled', since: NOW },
      { code: 'disk-low', since: NOW },
    ]);
    const live = room({ streaming: true, autoRecord: true });
    expect(attentionOf(live, { ...context, problems })).toEqual([
      { kind: 'problem', code: 'stalled' },
    ]);
    expect(attentionOf({ ...live, roomId: 2 }, { ...context, problems })).toEqual([
      { kind: 'notRecording' },
    ]);
  });
});

describe('problems with several recorders', () => {
  it('puts a problem that names its recorder on that recorder’s row only', () => {
    const problems = problemsByRoom([
      { code: 'not-recording', roomId: 7, recorderId: 'nas', since: 0 },
      { code: 'stalled', roomId: 7, since: 0 },
    ]);
    const codes = (recorderId: string) =>
      attentionOf(room({ roomId: 7, recorderId, streaming: true }), {
        now: 0,
        pollIntervalSeconds: 10,
        apiAnswers: true,
        problems,
      }).map((a) => a.code);
    expect(codes('nas')).toEqual(['not-recording', 'stalled']);
    expect(codes('default')).toEqual(['stalled']);
  });
});
