import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  nestedDeeperThan,
  tooDeep,
} from '../../../main/adapters/webhook-listener/json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number) => `${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`;

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, up to the limit and one past it', () => {
    expect(nestedDeeperThan(bytes(nested(10)), 10)).toBe(false);
    expect(nestedDeeperThan(bytes(nested(12)), 10)).toBe(true);
    expect(nestedDeeperThan(bytes('{"a":[1,{"b":[]}],"c":{}}'), 4)).toBe(false);
    expect(nestedDeeperThan(bytes('{"a":[1,{"b":[]}],"c":{}}'), 3)).toBe(true);
  });

  it('skips brackets in strings, escaped quotes included, and multi-byte characters', () => {
    const text = `{"Title":"【歌回】[[[{{{ \\"[[[[ \\\\","Name":"露露[["}`;
    expect(JSON.parse(text)).toMatchObject({ Name: '露露[[' });
    expect(nestedDeeperThan(bytes(text), 1)).toBe(false);
  });
});

describe('tooDeep', () => {
  it('refuses past MAX_JSON_DEPTH, takes a recorder body and anything shorter than the limit', () => {
    expect(tooDeep(bytes(nested(MAX_JSON_DEPTH + 2)))).toBe(true);
    expect(tooDeep(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(tooDeep(bytes('{"EventType":"StreamStarted","EventData":{"RoomId":1}}'))).toBe(false);
    expect(tooDeep(bytes('['.repeat(MAX_JSON_DEPTH)))).toBe(false); // too short to be deeper
  });
});
