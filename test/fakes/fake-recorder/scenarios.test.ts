import { afterEach, describe, expect, it } from 'vitest';
import { RecorderClient } from '../../../main/adapters/recorder-client';
import { recorderWarning } from '../../../main/features/guardian/core/log-warnings';
import { toPolledRoom } from '../../../shared/recorder/rest';
import { startFakeRecorder, type FakeRecorder } from './index';

const running: FakeRecorder[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

async function fake() {
  const r = await startFakeRecorder({ port: 0, rooms: 2 });
  running.push(r);
  return { r, client: new RecorderClient({ baseUrl: r.url }) };
}

async function room(client: RecorderClient) {
  const result = await client.getRoom(23058);
  if (!result.ok) throw new Error(result.detail);
  return toPolledRoom(result.value);
}

describe('the fake recorder: guardian scenarios', () => {
  it('serves its log at /api/log/fetch in the real shape, by cursor', async () => {
    const { r, client } = await fake();
    const first = await client.fetchLog(undefined);
    expect(first).toEqual({ ok: true, value: { continuous: false, cursor: 0, logs: [] } });
    await r.scenario(23058, 'recorder-warning', 'low-quality');
    const next = await client.fetchLog(0);
    if (!next.ok) throw new Error(next.detail);
    expect(next.value).toMatchObject({ continuous: true, cursor: 2 });
    expect(next.value.logs.map(recorderWarning)).toEqual([
      undefined,
      { kind: 'low-quality', roomId: 23058 },
    ]);
    expect(next.value.logs[1]).toMatchObject({ '@l': 'Warning', CurrentQn: 150 });
    const none = await client.fetchLog(2);
    expect(none).toMatchObject({ ok: true, value: { cursor: 2, logs: [] } });
  });

  it('changes what REST shows for each poll-based scenario, and healthy undoes them', async () => {
    const { r, client } = await fake();
    await r.scenario(23058, 'not-recording');
    expect(await room(client)).toMatchObject({ streaming: true, recording: false });
    await r.scenario(23058, 'lagging');
    expect((await room(client)).stats?.durationRatio).toBe(0.5);
    await r.scenario(23058, 'danmaku-down');
    expect(await room(client)).toMatchObject({ danmakuConnected: false });
    await r.scenario(23058, 'healthy');
    const healthy = await room(client);
    expect(healthy).toMatchObject({ recording: true, danmakuConnected: true });
    expect(healthy.stats?.durationRatio).toBeGreaterThan(0.99);
  });
});
