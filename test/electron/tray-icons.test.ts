import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TRAY_ICONS } from '../../main/core/tray-model';
import { trayIconFile } from '../../main/electron/tray-icons';

const ICONS = path.resolve('build', 'icons', 'tray');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Reads the RGBA pixels of a PNG written by tools/make-icons.ts (8-bit RGBA, filter 0 rows). */
function decodeUnfilteredPng(file: string): { width: number; pixels: Uint8Array } {
  const bytes = readFileSync(file);
  const [width, height] = pngSize(file);
  const data: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    if (bytes.toString('ascii', offset + 4, offset + 8) === 'IDAT')
      data.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    pixels.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, pixels };
}

describe('trayIconFile', () => {
  it('names a committed file for every state on every platform', () => {
    for (const state of TRAY_ICONS) {
      for (const platform of ['darwin', 'win32', 'linux'] as const) {
        expect(existsSync(trayIconFile(ICONS, state, platform)), `${state} ${platform}`).toBe(true);
      }
      expect(path.basename(trayIconFile(ICONS, state, 'darwin'))).toBe(`${state}Template.png`);
    }
  });

  it('has 16 px images with 32 px @2x siblings', () => {
    for (const state of TRAY_ICONS) {
      for (const base of [`tray-${state}`, `${state}Template`]) {
        expect(pngSize(path.join(ICONS, `${base}.png`))).toEqual([16, 16]);
        expect(pngSize(path.join(ICONS, `${base}@2x.png`))).toEqual([32, 32]);
      }
    }
  });

  it('draws macOS templates in black and alpha only', () => {
    for (const state of TRAY_ICONS) {
      const { width, pixels } = decodeUnfilteredPng(path.join(ICONS, `${state}Template@2x.png`));
      let opaque = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        if (pixels[i + 3] === 0) continue;
        opaque += 1;
        expect([pixels[i], pixels[i + 1], pixels[i + 2]], `${state} pixel ${i / 4}`).toEqual([
          0, 0, 0,
        ]);
      }
      expect(opaque).toBeGreaterThan(width * 4); // something is drawn
    }
  });

  it('packs several sizes into each Windows ICO', () => {
    const ico = readFileSync(trayIconFile(ICONS, 'recording', 'win32'));
    expect(ico.readUInt16LE(2)).toBe(1); // type: icon
    expect(ico.readUInt16LE(4)).toBe(5); // 16, 20, 24, 32, 48
  });
});
