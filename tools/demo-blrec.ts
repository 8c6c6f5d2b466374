// The demo's second recorder: a fake blrec (acgnhiki/blrec) whose event WebSocket the app reads,
// playing one session (went live, a file finished, ended) beside the fake BililiveRecorder.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { startFakeBlrec } from '../test/fakes/recorder-kinds/fake-blrec';
import { BLREC, writeRecording } from '../test/fakes/recorder-kinds/kind-senders';

/** A fake blrec for the demo: its recorder entry for the settings, its session, its end. */
export async function startDemoBlrec(say: (text: string) => void) {
  const blrec = await startFakeBlrec();
  const root = await mkdtemp(join(tmpdir(), 'recorder-tray-demo-blrec-'));
  say(`fake blrec at ${blrec.url} (its events over the WebSocket /ws/v1/events)`);
  return {
    /** The second recorder of the demo's settings: kind blrec, read over its WebSocket. */
    recorder: { id: 'blrec', name: 'blrec', kind: 'blrec', url: blrec.url, recordingRoot: root },
    /** Once the app reads its WebSocket, plays a session, one event every 1.5 s. */
    async play(): Promise<void> {
      while (blrec.connected() === 0) await wait(200);
      say('blrec: the app reads its event stream; playing a session of room 21452505…');
      await writeRecording(BLREC.filePath(root), 3_000_000);
      for (const event of BLREC.session(root)) {
        await wait(1_500);
        say(`blrec sends ${(event as { type: string }).type}`);
        blrec.send(event);
      }
    },
    close: () => blrec.close(),
  };
}
