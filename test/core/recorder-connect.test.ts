import { describe, expect, it } from 'vitest';
import { planConnect, recorderCanReach, webhooksSetIn } from '../../main/core/recorder-connect';

const HERE = 'http://192.168.1.5:23560/webhook/t0k';

describe('connecting a recorder', () => {
  it('refuses a loopback listener or URL for a recorder on another host', () => {
    const local = 'http://127.0.0.1:23560/webhook';
    expect(recorderCanReach('http://nas.local:2356', local, '127.0.0.1')).toBe(false);
    expect(recorderCanReach('http://192.168.1.9:2356', HERE, '127.0.0.1')).toBe(false);
    expect(recorderCanReach('http://[fd00::9]:2356', local, '0.0.0.0')).toBe(false);
    expect(recorderCanReach('http://192.168.1.9:2356', HERE, '0.0.0.0')).toBe(true);
  });

  it('lets a recorder on this computer reach a loopback listener', () => {
    const local = 'http://127.0.0.1:23560/webhook';
    for (const recorder of ['http://127.0.0.1:2356', 'http://localhost:2356', 'http://[::1]:2356'])
      expect(recorderCanReach(recorder, local, '127.0.0.1')).toBe(true);
  });

  it('adds the URL to V2 unless it is there, and notes the V1 list', () => {
    expect(planConnect({ v1: '', v2: 'http://a/x' }, HERE)).toEqual({
      kind: 'add',
      v2: `http://a/x\n${HERE}`,
      inV1: false,
    });
    expect(planConnect({ v1: HERE, v2: ` ${HERE}\n` }, HERE)).toEqual({
      kind: 'already',
      inV1: true,
    });
    const v1 = 'HTTP://192.168.1.5:23560/webhook/t0k';
    expect(planConnect({ v1, v2: '' }, HERE)).toMatchObject({ kind: 'add', inV1: true });
  });

  it('counts only the V2 list as webhooks set (V1 carries only finished files)', () => {
    expect(webhooksSetIn({ v1: HERE, v2: '' }, HERE)).toBe(false);
    expect(webhooksSetIn({ v1: '', v2: `x\n${HERE}` }, HERE)).toBe(true);
  });
});
