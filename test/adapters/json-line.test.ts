import { describe, expect, test } from 'vitest';
import { lineBytes, linePartsWithBody, lineWithBody } from '../../main/adapters/json-line';

describe('lineWithBody', () => {
  const head = { seq: 7, source: 'webhook' };

  test('reuses the text as received, so digits past 2^53 survive', () => {
    const text = '{"EventData":{"FileSize":12345678901234567891}}';
    const line = lineWithBody(head, text);
    expect(line).toBe(`{"seq":7,"source":"webhook","body":${text}}`);
    expect(JSON.parse(line)).toEqual({ ...head, body: JSON.parse(text) });
  });

  test('a line feed in the text becomes a space: a line stays one line, nothing else changes', () => {
    const text = '{\n  "EventType": "FileClosed",\r\n  "FileSize": 12345678901234567891\n}';
    const line = lineWithBody(head, text);
    expect(line).toBe(`{"seq":7,"source":"webhook","body":${text.replaceAll('\n', ' ')}}`);
    expect(JSON.parse(line)).toEqual({ ...head, body: JSON.parse(text) });
  });

  test('with an empty head', () => {
    expect(lineWithBody({}, 'null')).toBe('{"body":null}');
  });
});

describe('linePartsWithBody and lineBytes', () => {
  const head = { seq: 7, source: 'webhook' };

  test('put the bytes as received in, unchanged, and end the line', () => {
    const body = Buffer.from('{"Name":"露露","FileSize":12345678901234567891}');
    const parts = linePartsWithBody(head, JSON.parse(body.toString()), body);
    expect(parts.body).toBe(body);
    expect(lineBytes([parts]).toString('utf8')).toBe(
      `{"seq":7,"source":"webhook","body":${body.toString()}}\n`,
    );
  });

  test('bytes with a line feed go in as a copy with spaces for them; a body without bytes is serialised', () => {
    const pretty = Buffer.from('{\n  "Name": "露露"\n}');
    const line = lineBytes([linePartsWithBody(head, JSON.parse(pretty.toString()), pretty)]);
    expect(line.indexOf(0x0a)).toBe(line.length - 1);
    expect(JSON.parse(line.toString('utf8'))).toEqual({ ...head, body: { Name: '露露' } });
    expect(pretty.toString()).toBe('{\n  "Name": "露露"\n}'); // the bytes as received stay
    expect(lineBytes([linePartsWithBody({}, [1], undefined)]).toString()).toBe('{"body":[1]}\n');
  });

  test('a body nested deeper than serialising could go is written all the same (nothing parses it)', () => {
    const deep = Buffer.from(`{\n"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    const line = lineBytes([linePartsWithBody(head, undefined, deep)]);
    expect(line.indexOf(0x0a)).toBe(line.length - 1);
    expect(line.length).toBe(deep.length + '{"seq":7,"source":"webhook","body":}\n'.length);
  });

  test('many lines, some with bodies and some without, make one buffer in order', () => {
    const lines = [
      linePartsWithBody({ seq: 1, userAgent: 'é' }, null, Buffer.from('{"a":"一"}')),
      linePartsWithBody({ seq: 2 }, { b: 2 }, undefined),
      linePartsWithBody({ seq: 3 }, null, Buffer.from('[]')),
    ];
    expect(lineBytes(lines).toString('utf8')).toBe(
      '{"seq":1,"userAgent":"é","body":{"a":"一"}}\n{"seq":2,"body":{"b":2}}\n{"seq":3,"body":[]}\n',
    );
    expect(lineBytes([])).toHaveLength(0);
  });
});
