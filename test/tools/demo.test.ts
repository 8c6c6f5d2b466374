import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

describe('npm run demo', () => {
  it('shows the ready line, a go-live from the fake recorder and one from the fake blrec beside it, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tools/demo.ts', '--no-desktop', '--lang', 'en'],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: { type: string; event?: string }[] = [];
    const texts: string[] = [];
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const notified = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no blrec notification in 60 s: ${JSON.stringify(lines)}`)),
        60_000,
      );
      createInterface({ input: child.stdout }).on('line', (text) => {
        lines.push(JSON.parse(text) as { type: string });
        texts.push(text);
        // blrec's streamer (test/fixtures/recorder-kinds/blrec): the second kind was heard.
        if (lines.at(-1)?.type === 'notification' && text.includes('七海Nana7mi')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.stderr.resume();
    try {
      await notified;
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(lines[0]).toMatchObject({ type: 'ready' });
    expect(lines.find((l) => l.type === 'notification')).toMatchObject({ event: 'StreamStarted' });
    // ...and the fake BililiveRecorder's first room (test/fakes/fake-recorder) was heard too.
    const notifications = texts.filter((text) => text.includes('"type":"notification"'));
    expect(notifications.some((text) => text.includes('3号直播间'))).toBe(true);
  }, 90_000);
});
