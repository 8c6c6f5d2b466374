import { afterEach, describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { expectOneFileSaved, headlessWithOneFile } from '../helpers/saved-on-stop';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

// Where no signal can be sent (a Windows service manager, a Windows test: kill() there is
// TerminateProcess), a line `stop` on standard input stops headless mode cleanly.
describe('headless mode stops on a line `stop` on its standard input', () => {
  it('exits 0 with everything saved', async () => {
    const { p, dataDir } = await headlessWithOneFile(running);
    p.child.stdin!.write('stop\r\n'); // as a Windows console would send it
    expect(await p.exited).toBe(0);
    expect(p.stderr.join('\n')).toContain('stopping (stdin)');
    await expectOneFileSaved(dataDir);
  });

  it('an empty or closed standard input (a service) is no stop; other lines get a warning', async () => {
    const p = startHeadless(['--port', '0', '--no-desktop']);
    running.push(p);
    const ready = await p.waitFor((l) => l.type === 'ready');
    p.child.stdin!.end('hello\n');
    await expect
      .poll(() => p.stderr.join('\n'), { timeout: 15_000 })
      .toContain('standard input ended');
    expect(p.lines).toContainEqual(
      expect.objectContaining({
        type: 'warning',
        message: 'standard input: "hello" is not a command; the line "stop" stops',
      }),
    );
    // Still running and taking webhooks after its input ended.
    const live = fixtureText('synthesized/webhook-v2-StreamStarted.json');
    expect((await postWebhook(ready.webhookUrl, live)).status).toBe(204);
    await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted');
    expect(p.child.exitCode).toBeNull();
  });
});
