import { readFileSync } from 'node:fs';
import { defaultDataDir } from '../adapters/app-paths';
import { createNotifySendNotifier } from '../adapters/notify-send';
import { UnsafeBindError } from '../adapters/webhook-server';
import { composeApp } from '../compose';
import { HEADLESS_USAGE, parseHeadlessArgs, UsageError } from './headless-options';
import { headlessSettings } from './headless-settings';
import { createLineWriter, createStderrLogger } from './output';

/** Headless mode: the listener and core without Electron, talking JSON lines on stdout. */
async function main(): Promise<number> {
  const emit = createLineWriter();
  const log = createStderrLogger();
  let options;
  let settings;
  try {
    options = parseHeadlessArgs(process.argv.slice(2), process.env);
    if (options.help) {
      process.stderr.write(`${HEADLESS_USAGE}\n`);
      return 0;
    }
    settings = await headlessSettings(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    emit({ type: 'error', message: error.message });
    process.stderr.write(`${error.message}\n\n${HEADLESS_USAGE}\n`);
    return 2;
  }
  const dataDir = options.dataDir ?? defaultDataDir();
  const version = readVersion();
  const current = settings;
  const warn = (message: string) => emit({ type: 'warning', message });
  // Desktop popups through notify-send where it exists; --no-desktop keeps them to stdout.
  const desktop = options.desktop ? createNotifySendNotifier({ onWarning: warn }) : undefined;

  const app = await composeApp({
    dataDir,
    version,
    settings: () => current,
    log: { ...log, warn },
    showNotification: (n) => {
      emit({ type: 'notification', ...n });
      void desktop?.show({ title: n.title, body: n.body });
    },
    onRecorderStatus: (status, message) => emit({ type: 'recorder', status, message }),
    onRoomsChanged: (rooms) => emit({ type: 'rooms', rooms }),
    onNotice: (notice) => emit({ type: 'warning', message: `${notice.title}: ${notice.body}`, notice: notice.kind }),
  });

  let webhookUrl: string;
  try {
    ({ webhookUrl } = await app.start());
  } catch (error) {
    const message =
      error instanceof UnsafeBindError ? error.message : `cannot listen on ${current.listener.host}:${current.listener.port}: ${(error as Error).message}`;
    emit({ type: 'error', message });
    await app.stop();
    return error instanceof UnsafeBindError ? 2 : 1;
  }
  emit({ type: 'ready', webhookUrl, dataDir, version });
  await app.startPolling();
  log.info(`listening; set the recorder's "Webhook V2" URL to ${webhookUrl}`);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log.info('stopping');
  await app.stop();
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
