import { afterEach, describe, expect, it } from 'vitest';
import { killAll, type HeadlessProcess } from '../helpers/headless-process';
import { requirePlatform } from '../helpers/require-tool';
import { expectOneFileSaved, headlessWithOneFile } from '../helpers/saved-on-stop';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

// Signals reach a child only on Linux and macOS (sets os-linux, os-macos): on Windows, Node's
// kill() is TerminateProcess whatever the name, and Ctrl+C / Ctrl+Break come from the console.
describe('headless mode stops cleanly on a signal', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('%s: exits 0 with everything saved', async (signal) => {
    requirePlatform(['linux', 'darwin'], 'signals sent to a child process');
    const { p, dataDir } = await headlessWithOneFile(running);
    p.child.kill(signal);
    expect(await p.exited).toBe(0);
    expect(p.stderr.join('\n')).toContain(`stopping (${signal})`);
    await expectOneFileSaved(dataDir);
  });
});
