import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterRefusal,
  BACK_OFF_FIRST_MS,
  BACK_OFF_MAX_MS,
  FAILURE_RETRY_MS,
  isRefusal,
  mayRequest,
  NO_BACK_OFF,
} from '../../../../main/features/pictures/core/refusal-back-off';

describe('refusal back-off', () => {
  it('counts HTTP 412 and 429 and the codes -352 and -412 as refusals, nothing else', () => {
    expect(isRefusal({ status: 412 })).toBe(true);
    expect(isRefusal({ status: 429 })).toBe(true);
    expect(isRefusal({ status: 200, code: -352 })).toBe(true);
    expect(isRefusal({ status: 200, code: -412 })).toBe(true);
    expect(isRefusal({ status: 500 })).toBe(false);
    expect(isRefusal({ status: 200, code: -400 })).toBe(false);
    expect(isRefusal({})).toBe(false);
  });

  it('doubles the wait with each refusal in a row, up to the cap', () => {
    let state = NO_BACK_OFF;
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      state = afterRefusal(state, 1000);
      waits.push(state.until - 1000);
    }
    expect(waits.slice(0, 3)).toEqual([
      BACK_OFF_FIRST_MS,
      BACK_OFF_FIRST_MS * 2,
      BACK_OFF_FIRST_MS * 4,
    ]);
    expect(Math.max(...waits)).toBe(BACK_OFF_MAX_MS);
    expect(mayRequest(state, 1000 + BACK_OFF_MAX_MS - 1)).toBe(false);
    expect(mayRequest(state, 1000 + BACK_OFF_MAX_MS)).toBe(true);
  });

  it('pauses after a plain failure without counting it as a refusal', () => {
    const state = afterFailure(NO_BACK_OFF, 0);
    expect(state).toEqual({ refusals: 0, until: FAILURE_RETRY_MS });
    expect(mayRequest(NO_BACK_OFF, 0)).toBe(true);
  });
});
