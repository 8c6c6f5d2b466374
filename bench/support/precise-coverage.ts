import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';

/** V8's precise coverage of this process's main thread, taken window by window. */
export interface PreciseCoverage {
  /** Takes and drops what was counted so far: the next window starts from zero. */
  reset(): Promise<void>;
  /** What ran since the last reset or take (each function's count), and starts again from zero. */
  take(): Promise<Profiler.ScriptCoverage[]>;
  /** Stops counting and disconnects. */
  stop(): Promise<void>;
}

/**
 * Starts precise coverage with call counts through the inspector of this process (as
 * `NODE_V8_COVERAGE` does, but window by window): `takePreciseCoverage` resets the counters, so
 * each take holds the calls since the last one. Start it before the code it measures is loaded,
 * so that every function of it has its counters from its first call.
 */
export async function startPreciseCoverage(): Promise<PreciseCoverage> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  const take = async () => (await session.post('Profiler.takePreciseCoverage')).result;
  return {
    reset: async () => void (await take()),
    take,
    stop: async () => {
      await session.post('Profiler.stopPreciseCoverage');
      await session.post('Profiler.disable');
      session.disconnect();
    },
  };
}
