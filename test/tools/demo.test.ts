import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/headless-process';

describe('npm run demo', () => {
  it('shows the ready line and then a go-live notification from the fake recorder, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tools/demo.ts', '--no-desktop', '--lang', 'en'],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: { type: string; event?: string }[] = [];
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const notified = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no notification in 60 s: ${JSON.stringify(lines)}`)),
        60_000,
      );
      createInterface({ input: child.stdout }).on('line', (text) => {
        lines.push(JSON.parse(text) as { type: string });
        if (lines.at(-1)?.type === 'notification') {
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
  }, 90_000);
});
