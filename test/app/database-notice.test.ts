import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { startApp, stopApps } from '../fakes/app-harness';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook } from '../helpers/http';

afterEach(stopApps);

describe('a damaged database at start', () => {
  it('is replaced, the user is told by a popup in plain words, and webhooks are kept again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'app-damaged-db-'));
    await writeFile(join(dataDir, DATABASE_FILE), 'not a database '.repeat(500));
    const h = await startApp({ dataDir });
    expect(h.shown).toEqual([
      expect.objectContaining({
        title: 'The database file was damaged and has been replaced',
        body: expect.stringMatching(
          /kept as recorder-tray\.db\.damaged-.*New events are received/s,
        ),
      }),
    ]);
    const status = (
      await postWebhook(
        h.app.webhookUrl(),
        fixtureText('synthesized/webhook-v2-StreamStarted.json'),
      )
    ).status;
    expect(status).toBe(204);
  });

  it('a sound database says nothing', async () => {
    const h = await startApp();
    await h.app.stop();
    const again = await startApp({ dataDir: h.dataDir });
    expect(again.shown).toEqual([]);
  });
});
