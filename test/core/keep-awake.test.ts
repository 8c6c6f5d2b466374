import { describe, expect, it } from 'vitest';
import { isRecorderOnThisMachine, keepAwakeWanted } from '../../main/core/keep-awake';
import { Settings } from '../../shared/settings';

const settings = (keepAwake: boolean, ...urls: string[]) =>
  Settings.parse({ keepAwake, recorders: urls.map((url, i) => ({ id: `r${i}`, url })) });

describe('keep awake', () => {
  it('counts loopback and webhooks-only recorders as on this machine', () => {
    for (const url of [
      '',
      'http://127.0.0.1:2356',
      '127.0.0.1:2356',
      'http://localhost:2356',
      'http://[::1]:2356',
    ])
      expect(isRecorderOnThisMachine({ url })).toBe(true);
    for (const url of ['http://192.168.1.5:2356', 'https://nas.example:2356', 'http://bad host'])
      expect(isRecorderOnThisMachine({ url })).toBe(false);
  });

  it('is wanted while a room of a recorder here records', () => {
    const s = settings(true, 'http://192.168.1.5:2356', '');
    expect(keepAwakeWanted(s, [{ recording: true, recorderId: 'r1' }])).toBe(true);
    expect(keepAwakeWanted(s, [{ recording: false, recorderId: 'r1' }])).toBe(false);
    // The NAS records whether this computer sleeps or not.
    expect(keepAwakeWanted(s, [{ recording: true, recorderId: 'r0' }])).toBe(false);
  });

  it('takes a room without a recorder for the first recorder’s', () => {
    expect(keepAwakeWanted(settings(true, ''), [{ recording: true }])).toBe(true);
    expect(keepAwakeWanted(settings(true, 'http://10.0.0.2'), [{ recording: true }])).toBe(false);
  });

  it('is never wanted with the setting off', () => {
    expect(keepAwakeWanted(settings(false, ''), [{ recording: true, recorderId: 'r0' }])).toBe(
      false,
    );
  });
});
