import { describe, expect, it } from 'vitest';
import { UpdateNotice } from '../../../../main/features/updates/core/update-notice';

describe('UpdateNotice', () => {
  it('tells a newer version once', () => {
    const notice = new UpdateNotice('0.1.0');
    expect(notice.tell('0.2.0')).toBe(true);
    expect(notice.tell('0.2.0')).toBe(false);
    expect(notice.told()).toBe('0.2.0');
  });

  it('never tells the running version or an older one', () => {
    const notice = new UpdateNotice('0.3.0');
    expect(notice.tell('0.3.0')).toBe(false);
    expect(notice.tell('0.2.9')).toBe(false);
    expect(notice.told()).toBeUndefined();
  });

  it('tells a version newer than the one told before, and remembers across restarts', () => {
    const first = new UpdateNotice('0.1.0');
    expect(first.tell('0.2.0')).toBe(true);
    const afterRestart = new UpdateNotice('0.1.0', first.told());
    expect(afterRestart.tell('0.2.0')).toBe(false);
    expect(afterRestart.tell('0.2.1')).toBe(true);
  });
});
