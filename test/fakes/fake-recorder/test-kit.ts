import { afterEach } from 'vitest';
import { startFakeRecorder, type FakeRecorder } from './index';

/** Starts fake recorders for the tests of one file, each closed after its test. */
export function fakeRecorders(
  defaults: Parameters<typeof startFakeRecorder>[0] = {},
): (options?: Parameters<typeof startFakeRecorder>[0]) => Promise<FakeRecorder> {
  const started: FakeRecorder[] = [];
  afterEach(async () => {
    while (started.length > 0) await started.pop()?.close();
  });
  return async (options = {}) => {
    const recorder = await startFakeRecorder({ ...defaults, ...options });
    started.push(recorder);
    return recorder;
  };
}
