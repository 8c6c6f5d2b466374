import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir } from '../adapters/app-paths';
import { createDesktopOpener } from '../adapters/desktop-opener';
import { createNotifySendNotifier } from '../adapters/notify-send';
import { SettingsStore } from '../adapters/settings-store';
import { UnsafeBindError } from '../adapters/webhook-listener/webhook-server';
import { startRuntime } from '../app-runtime';
import {
  HEADLESS_USAGE,
  parseHeadlessArgs,
  UsageError,
  type HeadlessOptions,
} from './headless-options';
import { headlessOverrides } from './headless-settings';
import { createLineWriter, createStderrLogger } from './output';
import { startPreview } from './preview';

/** Headless mode: the listener and core without Electron, talking JSON lines on stdout. */
async function main(): Promise<number> {
  const emit = createLineWriter();
  const log = createStderrLogger();
  let options: HeadlessOptions;
  let overrides;
  try {
    options = parseHeadlessArgs(process.argv.slice(2), process.env);
    if (options.help) {
      process.stderr.write(`${HEADLESS_USAGE}\n`);
      return 0;
    }
    overrides = await headlessOverrides(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    emit({ type: 'error', message: error.message });
    process.stderr.write(`${error.message}\n\n${HEADLESS_USAGE}\n`);
    return 2;
  }
  const dataDir = options.dataDir ?? defaultDataDir();
  const version = readVersion();
  const warn = (message: string) => emit({ type: 'warning', message });
  const logger = { ...log, warn };
  const store = await SettingsStore.open({ dir: dataDir, log: logger });
  // Desktop popups through notify-send where it exists; --no-desktop keeps them to stdout.
  const desktop = options.desktop ? createNotifySendNotifier({ onWarning: warn }) : undefined;

  const runtime = await startRuntime({
    dataDir,
    info: { version, platform: process.platform, logsDir: dataDir },
    log: logger,
    store,
    overrides,
    shell: createDesktopOpener(),
    openWindow: () => log.info('open the window: use the uiUrl of the ready line'),
    showNotification: (n) => {
      emit({ type: 'notification', ...n });
      void desktop?.show({ title: n.title, body: n.body });
    },
    onRecorderStatus: (status, message) => emit({ type: 'recorder', status, message }),
    onRoomsChanged: (rooms) => emit({ type: 'rooms', rooms }),
    onNotice: (notice) =>
      emit({ type: 'warning', message: `${notice.title}: ${notice.body}`, notice: notice.kind }),
  });

  const listener = runtime.settings().listener;
  try {
    await runtime.app.start();
  } catch (error) {
    const message =
      error instanceof UnsafeBindError
        ? error.message
        : `cannot listen on ${listener.host}:${listener.port}: ${(error as Error).message}`;
    emit({ type: 'error', message });
    await runtime.stop();
    return error instanceof UnsafeBindError ? 2 : 1;
  }
  const preview = await startPreview(runtime, {
    port: options.uiPort ?? 0,
    rendererDir: join(import.meta.dirname, '..', '..', 'dist', 'renderer'),
    log: logger,
  });
  const webhookUrl = runtime.app.webhookUrl();
  emit({ type: 'ready', webhookUrl, ...(preview ? { uiUrl: preview.url } : {}), dataDir, version });
  log.info(`listening; set the recorder's "Webhook V2" URL to ${webhookUrl}`);
  await runtime.app.startPolling();

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log.info('stopping');
  await preview?.close();
  await runtime.stop();
  return 0;
}

function readVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stdout.write(`${JSON.stringify({ type: 'error', message: String(error) })}\n`);
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
