import { describe, expect, it } from 'vitest';
import { PhoneGuard, TOO_OLD_MS } from '../../../../main/features/phone/core/phone-guard';

describe('the phone’s safety rules', () => {
  it('refuses a sender not allowed, logging only the first time', () => {
    const guard = new PhoneGuard(() => 1_000_000);
    const stranger = { chat: 'tgram:9', sender: 'tgram:9', allowed: false, sentAt: 1_000_000 };
    expect(guard.judge(stranger)).toEqual({ take: false, why: 'notAllowed', log: true });
    expect(guard.judge(stranger)).toEqual({ take: false, why: 'notAllowed', log: false });
    expect(guard.judge({ ...stranger, sender: 'tgram:10' })).toEqual({
      take: false,
      why: 'notAllowed',
      log: true,
    });
  });

  it('does not run a command sent more than two minutes ago', () => {
    let now = 10_000_000;
    const guard = new PhoneGuard(() => now);
    const message = { chat: 'c', sender: 's', allowed: true, sentAt: now - TOO_OLD_MS - 1 };
    expect(guard.judge(message)).toEqual({ take: false, why: 'tooOld' });
    now += 5_000;
    expect(guard.judge({ ...message, sentAt: now - TOO_OLD_MS })).toEqual({ take: true });
  });

  it('takes one command a second per chat', () => {
    let now = 10_000_000;
    const guard = new PhoneGuard(() => now);
    const message = { chat: 'c', sender: 's', allowed: true, sentAt: now };
    expect(guard.judge(message)).toEqual({ take: true });
    now += 999;
    expect(guard.judge(message)).toEqual({ take: false, why: 'tooSoon' });
    expect(guard.judge({ ...message, chat: 'other' })).toEqual({ take: true });
    now += 1;
    expect(guard.judge(message)).toEqual({ take: true });
  });
});
