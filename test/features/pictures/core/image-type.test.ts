import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../../main/features/pictures/core/image-type';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their magic numbers', () => {
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('jpeg');
    expect(sniffImageType(bytes('GIF89a', 1, 0))).toBe('gif');
    expect(sniffImageType(bytes('GIF87a', 1, 0))).toBe('gif');
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses what only looks like an image by name or is cut short', () => {
    expect(sniffImageType(bytes('<!DOCTYPE html><html>'))).toBeUndefined();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 'PN'))).toBeUndefined();
    expect(sniffImageType(bytes('GIF8'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});
