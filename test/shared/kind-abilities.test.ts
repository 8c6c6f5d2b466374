import { describe, expect, it } from 'vitest';
import {
  canStartAndStop,
  managesRooms,
  managesRoomsNow,
  startsRooms,
} from '../../shared/kind-abilities';
import { RECORDER_KINDS } from '../../shared/recorder-kind';

describe('what each kind can be told to do', () => {
  it('offers start and stop only to the kinds whose API can, the rest to BililiveRecorder', () => {
    expect(RECORDER_KINDS.filter(canStartAndStop)).toEqual([
      'bililive-recorder',
      'blrec',
      'bililive-go',
    ]);
    expect(RECORDER_KINDS.filter(managesRooms)).toEqual(['bililive-recorder']);
  });

  it('offers them now: BililiveRecorder while its API answers, the streamed kinds while not down', () => {
    const url = 'http://127.0.0.1:2233';
    expect(startsRooms({ status: 'ok', url })).toBe(true);
    expect(startsRooms({ status: 'off', url })).toBe(false);
    expect(startsRooms({ kind: 'blrec', status: 'off', url })).toBe(true);
    expect(startsRooms({ kind: 'bililive-go', status: 'off', url })).toBe(true);
    expect(startsRooms({ kind: 'bililive-go', status: 'unreachable', url })).toBe(false);
    expect(startsRooms({ kind: 'blrec', status: 'off', url: ' ' })).toBe(false);
    expect(startsRooms({ kind: 'ddtv', status: 'ok', url })).toBe(false);
    expect(startsRooms({ kind: 'bililive-tools', status: 'off', url })).toBe(false);
    expect(managesRoomsNow({ status: 'ok', url })).toBe(true);
    expect(managesRoomsNow({ kind: 'blrec', status: 'off', url })).toBe(false);
  });
});
