import { describe, expect, test } from 'vitest';
import { EventPipeline } from '../../main/core/event-pipeline';
import type { FileCheck, Happening } from '../../main/core/happening';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import { defaultSettings } from '../../shared/settings';
import { FakeClock } from '../fakes/core-harness';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { fixtureJson } from '../helpers/fixtures';

function webhook(name: string): RecorderWebhook {
  return parsedWebhook(fixtureJson(`synthesized/webhook-v2-${name}.json`));
}

/** A pipeline whose file checks wait until the test settles them. */
function pipelineWithSlowFileChecks() {
  const clock = new FakeClock();
  const settings = defaultSettings().notifications;
  const happened: string[] = [];
  const checks: { settle: (check: FileCheck | Error) => void }[] = [];
  const pipeline = new EventPipeline(
    {
      clock: clock.read,
      setTimer: clock.setTimer,
      settings: () => ({ ...settings, groupWindowSeconds: 0, language: 'en' }),
      actionFor: () => undefined,
    },
    { decided: () => {}, happened: (h: Happening) => happened.push(h.kind) },
    () =>
      new Promise<FileCheck>((resolve, reject) =>
        checks.push({ settle: (c) => (c instanceof Error ? reject(c) : resolve(c)) }),
      ),
  );
  return { pipeline, happened, checks };
}

describe('EventPipeline', () => {
  test('a happening without a file waits behind one whose file is being checked', async () => {
    const { pipeline, happened, checks } = pipelineWithSlowFileChecks();
    pipeline.applyWebhook(webhook('StreamStarted'), 'test');
    expect(happened).toEqual(['StreamStarted']); // nothing waiting: offered at once
    pipeline.applyWebhook(webhook('FileClosed'));
    pipeline.applyWebhook(webhook('StreamStarted'), 'test');
    await new Promise((resolve) => setImmediate(resolve));
    expect(happened).toEqual(['StreamStarted']);
    checks[0]!.settle({ resolvedPath: '/rec/a.flv' });
    await pipeline.drain();
    expect(happened).toEqual(['StreamStarted', 'FileClosed', 'StreamStarted']);
    pipeline.applyWebhook(webhook('StreamStarted'), 'test');
    expect(happened).toHaveLength(4); // the queue is empty again: offered at once
  });

  test('a file check that fails still lets the happening and those after it through', async () => {
    const { pipeline, happened, checks } = pipelineWithSlowFileChecks();
    pipeline.applyWebhook(webhook('FileClosed'));
    pipeline.applyWebhook(webhook('StreamStarted'), 'test');
    await new Promise((resolve) => setImmediate(resolve));
    checks[0]!.settle(new Error('disk gone'));
    await pipeline.drain();
    expect(happened).toEqual(['FileClosed', 'StreamStarted']);
  });
});

describe('a failing listener', () => {
  test('is reported, and the happenings after it are still decided', async () => {
    const settings = defaultSettings();
    const failures: unknown[] = [];
    const decided: string[] = [];
    let calls = 0;
    const pipeline = new EventPipeline(
      {
        clock: Date.now,
        setTimer: () => () => undefined,
        settings: () => ({ ...settings.notifications, groupWindowSeconds: 0, language: 'en' }),
        actionFor: () => undefined,
      },
      {
        decided: (d) => {
          calls += 1;
          if (calls === 1) throw new Error('history disk full');
          decided.push(d.notification.event);
        },
        failed: (e) => failures.push(e),
      },
      async () => ({}),
    );
    for (const name of [
      'synthesized/webhook-v2-FileClosed.json',
      'real/webhook-v2-FileClosed.issue553.json',
    ]) {
      pipeline.applyWebhook(parsedWebhook(fixtureJson(name)));
    }
    await pipeline.drain();
    expect(failures).toHaveLength(1);
    expect(decided).toEqual(['FileClosed']);
  });
});
