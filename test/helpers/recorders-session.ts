import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { startHeadless, type HeadlessProcess } from './headless-process';

/** Headless mode with its browser preview watching two fake recorders, "PC" and "NAS". */
export interface RecordersSession {
  headless: HeadlessProcess;
  /** `default` ("PC") and `nas` ("NAS"), each posting its webhooks to its own URL. */
  pc: FakeRecorder;
  nas: FakeRecorder;
  uiUrl: string;
  uiOrigin: string;
  /** Recorder id → its webhook URL, from the ready line. */
  webhookUrls: Record<string, string>;
  dataDir: string;
  close(): Promise<void>;
}

/** The room both recorders have (a hot standby): the fake's first room, 23058. */
export const STANDBY_ROOM = 23058;
/** A room only the NAS has. */
export const NAS_ONLY_ROOM = 99001;

/**
 * Starts two fake recorders and headless mode with a `--config` file naming both (polled every
 * second), and points each recorder's webhooks at its own URL. The fakes share their first room
 * (23058, a hot standby); the NAS's second room is renamed and renumbered so that it is its own.
 */
export async function startRecordersSession(): Promise<RecordersSession> {
  const [pc, nas] = await Promise.all([
    startFakeRecorder({ rooms: 3 }),
    startFakeRecorder({ rooms: 2 }),
  ]);
  const own = nas.state.rooms[1]!;
  own.roomId = NAS_ONLY_ROOM;
  own.shortId = 0;
  own.name = 'NAS 独有房间';
  const dataDir = await mkdtemp(join(tmpdir(), 'recorders-'));
  const config = join(dataDir, 'recorders.json');
  await writeFile(
    config,
    JSON.stringify({
      recorders: [
        { id: 'default', name: 'PC', url: pc.url, pollIntervalSeconds: 1 },
        { id: 'nas', name: 'NAS', url: nas.url, pollIntervalSeconds: 1 },
      ],
    }),
  );
  const headless = startHeadless([
    ...['--port', '0', '--ui-port', '0', '--no-desktop'],
    ...['--data-dir', dataDir, '--config', config],
  ]);
  // A test file that dies in a hook would leave the child running: take it down with the file.
  const kill = () => headless.child.kill('SIGKILL');
  process.once('exit', kill);
  const close = async () => {
    process.off('exit', kill);
    if (headless.child.exitCode === null && headless.child.signalCode === null) {
      void headless.stop();
      const timer = setTimeout(() => headless.child.kill('SIGKILL'), 5_000);
      await headless.exited;
      clearTimeout(timer);
    }
    await Promise.all([pc.close(), nas.close()]);
  };
  const ready = await headless
    .waitFor((line) => line.type === 'ready' || line.type === 'error', 25_000)
    .catch(async (error: unknown) => {
      await close();
      throw error;
    });
  if (ready.type !== 'ready' || typeof ready.uiUrl !== 'string') {
    await close();
    throw new Error(
      `headless did not start: ${JSON.stringify(ready)}; ${headless.stderr.join('\n')}`,
    );
  }
  const webhookUrls = ready.webhookUrls as Record<string, string>;
  pc.addWebhook(webhookUrls.default!);
  nas.addWebhook(webhookUrls.nas!);
  return {
    headless,
    pc,
    nas,
    uiUrl: ready.uiUrl,
    uiOrigin: new URL(ready.uiUrl).origin,
    webhookUrls,
    dataDir,
    close,
  };
}
