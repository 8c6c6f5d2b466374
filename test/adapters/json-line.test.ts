import { describe, expect, test } from 'vitest';
import { lineBytesWithBody, lineWithBody } from '../../main/adapters/json-line';

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

describe('lineBytesWithBody', () => {
  const head = { seq: 7, source: 'webhook' };
  const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');

  test('puts the bytes as received in, unchanged, and ends the line', () => {
    const body = Buffer.from('{"Name":"露露","FileSize":12345678901234567891}');
    const parts = lineBytesWithBody(head, JSON.parse(body.toString()), body);
    expect(parts).toContain(body);
    expect(text(parts)).toBe(`{"seq":7,"source":"webhook","body":${body.toString()}}\n`);
  });

  test('bytes with a line feed are serialised instead; so is a body without bytes', () => {
    const pretty = Buffer.from('{\n  "Name": "露露"\n}');
    const line = text(lineBytesWithBody(head, JSON.parse(pretty.toString()), pretty));
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({ ...head, body: { Name: '露露' } });
    expect(text(lineBytesWithBody({}, [1], undefined))).toBe('{"body":[1]}\n');
  });
});
