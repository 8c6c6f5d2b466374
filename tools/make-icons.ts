// Draws the app icon and the tray icons and writes them under build/icons/ (no image tools needed:
// shapes are rasterised here with supersampling, PNG is encoded with node:zlib, ICO is assembled by
// hand). Run with `npx tsx tools/make-icons.ts`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];
/** Inside test in unit coordinates: (0,0) top left, (1,1) bottom right. */
type Shape = (x: number, y: number) => boolean;
type Paint = Rgba | ((x: number, y: number) => Rgba);
interface Layer {
  shape: Shape;
  paint: Paint;
}

const OUT = path.resolve(import.meta.dirname, '..', 'build', 'icons');

// ---- shapes ----------------------------------------------------------------------------------

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const ring = (cx: number, cy: number, outer: number, inner: number): Shape =>
  minus(circle(cx, cy, outer), circle(cx, cy, inner));

function polygon(points: readonly (readonly [number, number])[]): Shape {
  return (x, y) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number): Shape {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
}

function minus(a: Shape, ...holes: Shape[]): Shape {
  return (x, y) => a(x, y) && !holes.some((hole) => hole(x, y));
}

function union(...shapes: Shape[]): Shape {
  return (x, y) => shapes.some((shape) => shape(x, y));
}

// ---- rasteriser and encoders -----------------------------------------------------------------

/** Draws layers back to front; each pixel averages `samples`² points for smooth edges. */
function render(size: number, layers: readonly Layer[], samples = 8): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0; // premultiplied accumulation
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          let cr = 0;
          let cg = 0;
          let cb = 0;
          let ca = 0;
          for (const layer of layers) {
            if (!layer.shape(x, y)) continue;
            const [lr, lg, lb, la] =
              typeof layer.paint === 'function' ? layer.paint(x, y) : layer.paint;
            const alpha = la / 255;
            cr = lr * alpha + cr * (1 - alpha);
            cg = lg * alpha + cg * (1 - alpha);
            cb = lb * alpha + cb * (1 - alpha);
            ca = alpha + ca * (1 - alpha);
          }
          r += cr;
          g += cg;
          b += cb;
          a += ca;
        }
      }
      const n = samples * samples;
      const offset = (py * size + px) * 4;
      const alpha = a / n;
      pixels[offset] = alpha === 0 ? 0 : Math.round(r / n / alpha);
      pixels[offset + 1] = alpha === 0 ? 0 : Math.round(g / n / alpha);
      pixels[offset + 2] = alpha === 0 ? 0 : Math.round(b / n / alpha);
      pixels[offset + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGBA pixels as a PNG (colour type 6, 8 bits, no filtering: the icons are tiny). */
function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(
      raw,
      y * (size * 4 + 1) + 1,
    );
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Packs PNG images into an ICO container (PNG entries: Windows Vista and later read them). */
function encodeIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size; // 0 means 256
    entry[1] = size >= 256 ? 0 : size;
    entry[2] = 0; // palette size
    entry[3] = 0; // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

// ---- the artwork -----------------------------------------------------------------------------

const GREY: Rgba = [142, 142, 147, 255];
const RED: Rgba = [229, 57, 53, 255];
const AMBER: Rgba = [245, 159, 0, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const INK: Rgba = [40, 30, 0, 255];
const BLACK: Rgba = [0, 0, 0, 255];

const playTriangle = polygon([
  [0.4, 0.3],
  [0.4, 0.7],
  [0.72, 0.5],
]);
const warningTriangle = roundedTriangle();
const exclamation = union(roundedRect(0.455, 0.36, 0.545, 0.66, 0.04), circle(0.5, 0.77, 0.055));

/** A warning triangle with softened corners (a polygon inset, then grown by a circle radius). */
function roundedTriangle(): Shape {
  const corners: [number, number][] = [
    [0.5, 0.1],
    [0.06, 0.88],
    [0.94, 0.88],
  ];
  const core = polygon(corners);
  const radius = 0.05;
  const nearEdge = (x: number, y: number) =>
    corners.some(([ax, ay], i) => {
      const [bx, by] = corners[(i + 1) % corners.length]!;
      const t = Math.max(
        0,
        Math.min(
          1,
          ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2),
        ),
      );
      return (x - (ax + t * (bx - ax))) ** 2 + (y - (ay + t * (by - ay))) ** 2 <= radius * radius;
    });
  // Shrink towards the centroid so the rounded outline keeps the original size.
  const cx = 0.5;
  const cy = (0.1 + 0.88 + 0.88) / 3;
  const k = 0.88;
  return (x, y) => {
    const sx = cx + (x - cx) / k;
    const sy = cy + (y - cy) / k;
    return core(sx, sy) || nearEdge(sx, sy);
  };
}

type TrayState = 'idle' | 'live' | 'recording' | 'problem';

/** Coloured tray icons (Windows, Linux): grey idle ring, red live disc, red dot in a ring, amber warning. */
function trayLayers(state: TrayState): Layer[] {
  switch (state) {
    case 'idle':
      return [{ shape: ring(0.5, 0.5, 0.42, 0.29), paint: GREY }];
    case 'live':
      return [
        { shape: circle(0.5, 0.5, 0.44), paint: RED },
        { shape: playTriangle, paint: WHITE },
      ];
    case 'recording':
      return [
        { shape: ring(0.5, 0.5, 0.46, 0.35), paint: RED },
        { shape: circle(0.5, 0.5, 0.22), paint: RED },
      ];
    case 'problem':
      return [
        { shape: warningTriangle, paint: AMBER },
        { shape: exclamation, paint: INK },
      ];
  }
}

/** macOS template images: black and alpha only; holes are cut so the menu bar shows through. */
function templateLayers(state: TrayState): Layer[] {
  switch (state) {
    case 'idle':
      return [{ shape: ring(0.5, 0.5, 0.42, 0.3), paint: BLACK }];
    case 'live':
      return [{ shape: minus(circle(0.5, 0.5, 0.44), playTriangle), paint: BLACK }];
    case 'recording':
      return [{ shape: union(ring(0.5, 0.5, 0.46, 0.35), circle(0.5, 0.5, 0.22)), paint: BLACK }];
    case 'problem':
      return [{ shape: minus(warningTriangle, exclamation), paint: BLACK }];
  }
}

/** The app icon: a rounded blue square with a white recorder ring and a red recording dot. */
function appLayers(): Layer[] {
  const top: Rgba = [35, 173, 229, 255]; // bilibili blue
  const bottom: Rgba = [24, 118, 210, 255];
  const gradient = (_x: number, y: number): Rgba => {
    const t = Math.min(1, Math.max(0, (y - 0.06) / 0.88));
    return [0, 1, 2, 3].map((i) =>
      Math.round(top[i]! + (bottom[i]! - top[i]!) * t),
    ) as unknown as Rgba;
  };
  return [
    { shape: roundedRect(0.06, 0.06, 0.94, 0.94, 0.2), paint: gradient },
    { shape: ring(0.5, 0.5, 0.32, 0.235), paint: WHITE },
    { shape: circle(0.5, 0.5, 0.15), paint: [255, 82, 82, 255] },
  ];
}

// ---- the files -------------------------------------------------------------------------------

function write(relative: string, data: Buffer): void {
  const file = path.join(OUT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  console.log(`${path.relative(process.cwd(), file)} (${data.length} bytes)`);
}

function png(size: number, layers: readonly Layer[]): Buffer {
  return encodePng(size, render(size, layers));
}

const APP_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
const appPngs = APP_SIZES.map((size) => ({ size, png: png(size, appLayers()) }));
for (const { size, png: data } of appPngs) write(`app/${size}x${size}.png`, data);
write('app.ico', encodeIco(appPngs.filter(({ size }) => size <= 256)));

const STATES: TrayState[] = ['idle', 'live', 'recording', 'problem'];
for (const state of STATES) {
  write(`tray/tray-${state}.png`, png(16, trayLayers(state)));
  write(`tray/tray-${state}@2x.png`, png(32, trayLayers(state)));
  // Windows tray sizes at 100 %, 125 %, 150 %, 200 % and large-icon scaling.
  write(
    `tray/tray-${state}.ico`,
    encodeIco([16, 20, 24, 32, 48].map((size) => ({ size, png: png(size, trayLayers(state)) }))),
  );
  write(`tray/${state}Template.png`, png(16, templateLayers(state)));
  write(`tray/${state}Template@2x.png`, png(32, templateLayers(state)));
}
