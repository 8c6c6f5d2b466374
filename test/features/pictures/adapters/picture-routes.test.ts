import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN_HEADER, UiBridgeServer } from '../../../../main/adapters/ui-bridge-server';
import { createAppProtocolHandler } from '../../../../main/electron/app-protocol';
import { fakeHandlers } from '../../../fakes/contract-handlers';
import { pngImage } from '../../../fakes/bilibili/png';
import { memoryLogger } from '../../../fakes/silent-logger';
import { rawRequest } from '../../../helpers/http';

const KEY = `${'ab'.repeat(20)}.png`;
let base: string;
let picturesDir: string;
let rendererDir: string;
const image = pngImage(4, 4, [1, 2, 3], [4, 5, 6]);

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'picture-routes-'));
  picturesDir = join(base, 'data', 'pictures');
  rendererDir = join(base, 'renderer');
  await mkdir(picturesDir, { recursive: true });
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(picturesDir, KEY), image);
  await writeFile(join(picturesDir, 'index.json'), '{"secret":true}');
  await writeFile(join(base, 'data', 'settings.json'), '{"token":"s3cret"}');
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html>');
});

// Names that are not a cache key: another file of the cache, paths out of it, look-alikes.
const REFUSED = [
  'index.json',
  '..%2Fsettings.json',
  `..%2F..%2Fdata%2Fpictures%2F${KEY}`,
  `${'ab'.repeat(20)}.svg`,
  `${'AB'.repeat(20)}.png`,
  `${KEY}%00.png`,
  `${'cd'.repeat(20)}.png`, // a key the cache does not hold
];

describe('the window loads cached pictures by key only', () => {
  it('app://recorder-tray/pictures/<key> in the desktop app', async () => {
    const handler = createAppProtocolHandler(rendererDir, undefined, picturesDir);
    const ok = await handler(new Request(`app://recorder-tray/pictures/${KEY}`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await ok.arrayBuffer()).equals(image)).toBe(true);
    for (const name of REFUSED) {
      const refused = await handler(new Request(`app://recorder-tray/pictures/${name}`));
      expect(refused.status, name).toBe(404);
      expect(await refused.text()).not.toMatch(/secret/);
    }
    const without = createAppProtocolHandler(rendererDir);
    expect((await without(new Request(`app://recorder-tray/pictures/${KEY}`))).status).toBe(404);
  });

  describe('/pictures/<key> in the browser preview', () => {
    let server: UiBridgeServer;
    afterEach(() => server.close());

    it('serves a key with the token, nothing else', async () => {
      server = new UiBridgeServer({
        handlers: fakeHandlers(),
        subscribe: () => () => undefined,
        token: 'tok',
        rendererDir,
        picturesDir,
        log: memoryLogger(),
      });
      const { port } = await server.start(0);
      const url = (name: string) => `http://127.0.0.1:${port}/pictures/${name}`;
      expect((await rawRequest(url(KEY))).status).toBe(401);
      const ok = await rawRequest(url(KEY), { headers: { [BRIDGE_TOKEN_HEADER]: 'tok' } });
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toBe('image/png');
      expect(ok.headers['x-content-type-options']).toBe('nosniff');
      for (const name of REFUSED) {
        const refused = await rawRequest(url(name), { headers: { [BRIDGE_TOKEN_HEADER]: 'tok' } });
        expect(refused.status, name).toBe(404);
        expect(refused.text).not.toMatch(/secret/);
      }
    });
  });
});
