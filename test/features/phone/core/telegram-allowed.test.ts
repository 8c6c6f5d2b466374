import { describe, expect, it } from 'vitest';
import { telegramAllowed } from '../../../../main/features/phone/core/telegram-allowed';

const allowance = { chatIds: ['4242', '-100500'], members: { '-100500': ['777'] } };

describe('telegramAllowed', () => {
  it('takes a listed private chat from its own user', () => {
    expect(telegramAllowed(allowance, { id: 4242, type: 'private' }, 4242)).toBe(true);
    expect(telegramAllowed(allowance, { id: 4343, type: 'private' }, 4343)).toBe(false);
  });

  it('in a listed group, takes the members listed only', () => {
    expect(telegramAllowed(allowance, { id: -100500, type: 'supergroup' }, 777)).toBe(true);
    expect(telegramAllowed(allowance, { id: -100500, type: 'supergroup' }, 4242)).toBe(false);
    expect(telegramAllowed(allowance, { id: -100500 }, undefined)).toBe(false);
    expect(telegramAllowed(allowance, { id: -100600, type: 'group' }, 777)).toBe(false);
  });

  it('reads a chat without a type by its sign: negative ids are groups', () => {
    expect(telegramAllowed(allowance, { id: -100500 }, 777)).toBe(true);
    expect(telegramAllowed(allowance, { id: -100500 }, 4242)).toBe(false);
    expect(telegramAllowed(allowance, { id: 4242 }, 4242)).toBe(true);
  });
});
