import { describe, expect, it } from 'vitest';
import { dailyQuietSpan, quietSpanAt } from '../../main/core/quiet-hours';
import { quietUntilFor } from '../../shared/quiet-until';
import { QuietHoursSettings } from '../../shared/settings';

// Local times (the machine's time zone, as the setting means), 27 Nov 2026 is a Friday.
const at = (day: number, hours: number, minutes = 0) =>
  new Date(2026, 10, day, hours, minutes).getTime();
const hours = (input: Partial<QuietHoursSettings>) =>
  QuietHoursSettings.parse({ enabled: true, ...input });

describe('quiet hours: the daily window', () => {
  it('a window across midnight holds from its start to its end the next morning', () => {
    const night = hours({ from: '23:00', to: '07:30' });
    expect(dailyQuietSpan(night, at(27, 22, 59))).toBeUndefined();
    expect(dailyQuietSpan(night, at(27, 23, 0))).toEqual({ start: at(27, 23), end: at(28, 7, 30) });
    expect(dailyQuietSpan(night, at(28, 3, 0))).toEqual({ start: at(27, 23), end: at(28, 7, 30) });
    expect(dailyQuietSpan(night, at(28, 7, 30))).toBeUndefined();
  });

  it('after midnight the window is the one that started yesterday: its weekday counts (the midnight bug)', () => {
    const fridayNights = hours({ from: '23:00', to: '07:00', days: [5] }); // Friday only
    expect(dailyQuietSpan(fridayNights, at(28, 2))).toBeDefined(); // Saturday 02:00: Friday's night
    expect(dailyQuietSpan(fridayNights, at(27, 2))).toBeUndefined(); // Friday 02:00: Thursday's night
    expect(dailyQuietSpan(fridayNights, at(28, 23, 30))).toBeUndefined(); // Saturday evening
  });

  it('a window inside one day, and one as long as the day (from = to)', () => {
    const afternoon = hours({ from: '13:00', to: '15:00', days: [5] });
    expect(dailyQuietSpan(afternoon, at(27, 14))).toEqual({ start: at(27, 13), end: at(27, 15) });
    expect(dailyQuietSpan(afternoon, at(28, 14))).toBeUndefined();
    const allDay = hours({ from: '00:00', to: '00:00', days: [6] });
    expect(dailyQuietSpan(allDay, at(28, 12))).toEqual({ start: at(28, 0), end: at(29, 0) });
    expect(dailyQuietSpan(allDay, at(29, 0))).toBeUndefined();
  });

  it('off, or without days, never holds', () => {
    expect(dailyQuietSpan(hours({ enabled: false }), at(28, 2))).toBeUndefined();
    expect(dailyQuietSpan(hours({ days: [] }), at(28, 2))).toBeUndefined();
  });

  it('the tray\'s "quiet until" holds on its own and joins a window it overlaps', () => {
    const off = QuietHoursSettings.parse({});
    expect(quietSpanAt({ quietHours: off, quietUntil: at(27, 15) }, at(27, 14))).toEqual({
      start: at(27, 14),
      end: at(27, 15),
    });
    expect(quietSpanAt({ quietHours: off, quietUntil: at(27, 15) }, at(27, 15))).toBeUndefined();
    const night = hours({ from: '23:00', to: '07:00' });
    // Quiet from 22:00 until 23:30: it runs into the night's window, which ends at 07:00.
    expect(quietSpanAt({ quietHours: night, quietUntil: at(27, 23, 30) }, at(27, 22))?.end).toBe(
      at(28, 7),
    );
  });

  it('"until the morning" from the tray ends at the next 08:00', () => {
    expect(quietUntilFor('morning', at(27, 22))).toBe(at(28, 8));
    expect(quietUntilFor('morning', at(28, 2))).toBe(at(28, 8));
    expect(quietUntilFor('hour', at(27, 22))).toBe(at(27, 23));
    expect(quietUntilFor('off', at(27, 22))).toBeNull();
  });

  it('the setting refuses a time that is not HH:MM, with a clear message', () => {
    const result = QuietHoursSettings.safeParse({ from: '25:00' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('HH:MM');
  });
});
