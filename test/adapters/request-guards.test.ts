import { describe, expect, test } from 'vitest';
import { checkJsonContentType } from '../../main/adapters/request-guards';

describe('checkJsonContentType', () => {
  test.each([
    'application/json; charset=utf-8', // what the recorder sends
    'application/json',
    'Application/JSON; Charset="UTF-8"',
    'application/json;charset=utf8',
    'application/json; charset=utf-8; boundary=x',
  ])('%s is JSON in UTF-8', (type) => {
    expect(checkJsonContentType(type)).toEqual({ ok: true });
  });

  test.each([
    [undefined, 'Content-Type must be application/json'],
    ['text/plain', 'Content-Type must be application/json, not text/plain'],
    ['application/json; charset=gbk', 'charset must be utf-8, not gbk'],
    ['application/jsonx', 'Content-Type must be application/json, not application/jsonx'],
  ])('%s is refused: %s', (type, error) => {
    expect(checkJsonContentType(type)).toEqual({ ok: false, error });
  });
});
