import { describe, expect, it } from 'vitest';
import {
  CHINESE_WORDS,
  PHONE_COMMANDS,
  readCommand,
} from '../../../../main/features/phone/core/phone-command';

describe('the phone’s command language', () => {
  it('reads the slash forms, with Telegram’s /cmd@bot form in groups', () => {
    expect(readCommand('/live')).toEqual({ ok: true, command: { kind: 'live' } });
    expect(readCommand('/rec 21452505')).toEqual({
      ok: true,
      command: { kind: 'rec', room: '21452505' },
    });
    expect(readCommand('/REC@Tray_Bot  21452505 ', 'tray_bot')).toEqual({
      ok: true,
      command: { kind: 'rec', room: '21452505' },
    });
    expect(readCommand('/rec@other_bot 21452505', 'tray_bot')).toBeUndefined();
    expect(readCommand('/start')).toEqual({ ok: true, command: { kind: 'help' } });
  });

  it('reads the Chinese words, bare or after a slash', () => {
    expect(readCommand('谁在播')).toEqual({ ok: true, command: { kind: 'live' } });
    expect(readCommand('录 早稻')).toEqual({ ok: true, command: { kind: 'rec', room: '早稻' } });
    expect(readCommand('/停 23058')).toEqual({
      ok: true,
      command: { kind: 'stop', room: '23058' },
    });
    expect(readCommand('免打扰 早上')).toEqual({
      ok: true,
      command: { kind: 'quiet', until: 'morning' },
    });
    for (const name of PHONE_COMMANDS)
      expect(readCommand(CHINESE_WORDS[name])).toMatchObject({ ok: expect.any(Boolean) });
  });

  it('takes a room name of several words, and mute’s span after it', () => {
    expect(readCommand('/split Some Streamer')).toEqual({
      ok: true,
      command: { kind: 'split', room: 'Some Streamer' },
    });
    expect(readCommand('/mute Some Streamer morning')).toEqual({
      ok: true,
      command: { kind: 'mute', room: 'Some Streamer', until: 'morning' },
    });
    expect(readCommand('静音 23058')).toEqual({
      ok: true,
      command: { kind: 'mute', room: '23058', until: 'hour' },
    });
    expect(readCommand('/quiet')).toEqual({ ok: true, command: { kind: 'quiet', until: 'hour' } });
    expect(readCommand('/quiet off')).toEqual({
      ok: true,
      command: { kind: 'quiet', until: 'off' },
    });
  });

  it('says what is missing or wrong, and leaves plain chat alone', () => {
    expect(readCommand('/rec')).toEqual({ ok: false, reason: 'needsRoom', name: 'rec' });
    expect(readCommand('/quiet forever')).toEqual({ ok: false, reason: 'badSpan', name: 'quiet' });
    expect(readCommand('/mute 23058 off')).toEqual({ ok: false, reason: 'badSpan', name: 'mute' });
    expect(readCommand('/rm -rf /')).toEqual({ ok: false, reason: 'unknown' });
    expect(readCommand('/sh')).toEqual({ ok: false, reason: 'unknown' });
    expect(readCommand('good morning')).toBeUndefined();
    expect(readCommand('   ')).toBeUndefined();
  });
});
