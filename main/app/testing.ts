import type { AppPorts, RunningApp } from './app-ports';
import { assembleApp } from './create-app';
import type { TestSeams } from './test-seams';

export type { TestSeams } from './test-seams';
export type { StorageLimits } from './storage';

/**
 * The test-only factory: the app with a clock, timers, bounds or stores of the test's own
 * (TestSeams). Tests, benches and the test entries of headless mode call it; the hosts' shipped
 * entries import main/app/index.ts, which does not export it (lint keeps it so).
 */
export function createAppForTests(ports: AppPorts, seams: TestSeams): Promise<RunningApp> {
  return assembleApp(ports, seams);
}
