import { describe, expect, test } from 'vitest';
import { lineWithBody } from '../../main/adapters/json-line';

describe('lineWithBody', () => {
  const head = { seq: 7, source: 'webhook' };

  test('reuses the text as received, so digits past 2^53 survive', () => {
    const text = '{"EventData":{"FileSize":12345678901234567891}}';
    const line = lineWithBody(head, JSON.parse(text), text);
    expect(line).toBe(`{"seq":7,"source":"webhook","body":${text}}`);
    expect(JSON.parse(line)).toEqual({ ...head, body: JSON.parse(text) });
  });

  test('text with a line break is serialised instead: a line stays one line', () => {
    const text = '{\n  "EventType": "FileClosed"\n}';
    const line = lineWithBody(head, JSON.parse(text), text);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ ...head, body: { EventType: 'FileClosed' } });
  });

  test('without text, or with an empty head', () => {
    expect(lineWithBody(head, { a: '露露' }, undefined)).toBe(
      '{"seq":7,"source":"webhook","body":{"a":"露露"}}',
    );
    expect(lineWithBody({}, null, 'null')).toBe('{"body":null}');
  });
});
