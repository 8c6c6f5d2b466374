import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettingsStore } from '../../main/adapters/settings-store';
import type { RunningApp, AppPorts, StartResult } from '../../main/app/app-ports';
import { createAppForTests, type TestSeams } from '../../main/app/testing';
import { popupSink } from '../../main/app/sinks';
import type { ShellLike } from '../../main/core/shell-actions';
import type { AppNotification } from '../../shared/model';
import type { SettingsPatch } from '../../shared/settings-patch';
import { memoryLogger } from './silent-logger';
import { oneRecorder } from './recorder-settings';
import { CLOSED_LIVE_API_HOST } from '../helpers/headless-process';

/** A running app object on a temp data folder, with what it showed and opened. */
export interface AppHarness {
  app: RunningApp;
  store: SettingsStore;
  dataDir: string;
  /** Popups the host was asked to show, in order. */
  shown: AppNotification[];
  /** What the shell was asked to do: `url …`, `open …`, `show …`. */
  opened: string[];
  log: ReturnType<typeof memoryLogger>;
  started: StartResult | undefined;
  /** The webhook URL once started ('' when not started). */
  webhookUrl: string;
}

/** Options of `startApp`. */
export interface AppHarnessOptions {
  /** Settings written before the app starts (over: port 0, no recorder URL, English). */
  settings?: SettingsPatch;
  dataDir?: string;
  /** false: build the app without starting it (start-up tests). */
  start?: boolean;
  ports?: Partial<AppPorts>;
  /** What only tests give the app: a clock, smaller bounds, a failing disk, a job store. */
  seams?: TestSeams;
}

const running: RunningApp[] = [];

/** Builds the app object as a host would, on real files in a temp folder, and starts it. */
export async function startApp(options: AppHarnessOptions = {}): Promise<AppHarness> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'app-')));
  const log = memoryLogger();
  const store = await SettingsStore.open({ dir: dataDir, log });
  const base: SettingsPatch = {
    listener: { port: 0 },
    ...oneRecorder({ url: '' }),
    language: 'en',
    // No test reaches bilibili: room pictures come from a closed port unless a test says so.
    pictures: { liveApiHost: CLOSED_LIVE_API_HOST },
  };
  await store.update(base);
  if (options.settings) {
    const result = await store.update(options.settings);
    if (!result.ok) throw new Error(`bad test settings: ${result.errors.join('; ')}`);
  }
  const shown: AppNotification[] = [];
  const opened: string[] = [];
  const shell: ShellLike = {
    openExternal: async (url) => void opened.push(`url ${url}`),
    openPath: async (path) => (opened.push(`open ${path}`), ''),
    showItemInFolder: (path) => void opened.push(`show ${path}`),
  };
  const app = await createAppForTests(
    {
      dataDir,
      info: { version: '1.2.3', platform: 'linux', logsDir: dataDir },
      log,
      store,
      popups: popupSink((n) => shown.push(n)),
      shell,
      openWindow: () => opened.push('window'),
      ...options.ports,
    },
    options.seams ?? {},
  );
  running.push(app);
  const started = options.start === false ? undefined : await app.start();
  const webhookUrl = started?.ok ? started.webhookUrl : '';
  return { app, store, dataDir, shown, opened, log, started, webhookUrl };
}

/** Stops every app the harness started (call in afterEach). */
export async function stopApps(): Promise<void> {
  await Promise.all(running.splice(0).map((app) => app.stop()));
}
