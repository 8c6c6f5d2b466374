import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir } from '../adapters/app-paths';
import { createDesktopOpener } from '../adapters/desktop-opener';
import { createNotifySendNotifier, type DesktopPopup } from '../adapters/notify-send';
import { PopupHealthState } from '../app/popup-health-state';
import { SettingsStore } from '../adapters/settings-store';
import type { AppHandle } from '../app/app-ports';
import { createApp } from '../app/create-app';
import { PopupButtonRunner } from '../app/popup-button-runner';
import { popupSink } from '../app/popup-sink';
import {
  HEADLESS_USAGE,
  parseHeadlessArgs,
  UsageError,
  type HeadlessOptions,
} from './headless-options';
import { guardianLines } from './guardian-lines';
import { headlessOverrides } from './headless-settings';
import { createLineWriter, createStderrLogger, type OutputLine } from './output';
import { startPreview } from './preview';
import { createRoomsLines, type RoomsLines } from './rooms-lines';

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
  const { showOnDesktop, popupHealth } = desktopPopups(options.desktop, warn);

  // Buttons pressed on notify-send popups run through the app's notification:act.
  const buttons = new PopupButtonRunner(logger);
  const app = await createApp({
    dataDir,
    info: { version, platform: process.platform, logsDir: dataDir },
    log: logger,
    store,
    overrides,
    popups: popupSink((n) => {
      emit({ type: 'notification', ...n });
      void showOnDesktop(buttons.desktopPopup(n));
    }),
    shell: createDesktopOpener(),
    openWindow: () => log.info('open the window: use the uiUrl of the ready line'),
    sinks: [guardianLines(emit)],
    hostState: popupHealth,
  });
  buttons.connect(app);
  const roomsLines = followHostEvents(app, emit, showOnDesktop);

  const started = await app.start();
  if (!started.ok) {
    emit({ type: 'error', message: started.message });
    await app.stop();
    return started.unsafe ? 2 : 1;
  }
  const preview = await startPreview(app, {
    port: options.uiPort ?? 0,
    rendererDir: join(import.meta.dirname, '..', '..', 'dist', 'renderer'),
    log: logger,
  });
  const { webhookUrl } = started;
  emit({ type: 'ready', webhookUrl, ...(preview ? { uiUrl: preview.url } : {}), dataDir, version });
  log.info(`listening; set the recorder's "Webhook V2" URL to ${webhookUrl}`);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log.info('stopping');
  await preview?.close();
  await app.stop();
  roomsLines.flush();
  return 0;
}

/**
 * Desktop popups through notify-send where it exists (`--no-desktop` keeps them to stdout).
 * Whether they get through is the state's `popups` (the window says so), in notify-send's words.
 */
function desktopPopups(enabled: boolean, warn: (message: string) => void) {
  const popupHealth = new PopupHealthState();
  let trouble = '';
  const desktop = enabled
    ? createNotifySendNotifier({
        onWarning: (message) => {
          trouble = message;
          warn(message);
        },
      })
    : undefined;
  const showOnDesktop = (popup: DesktopPopup): Promise<void> | undefined =>
    desktop
      ?.show(popup)
      .then((shown) =>
        popupHealth.set(shown ? { blocked: false } : { blocked: true, reason: trouble }),
      );
  return { showOnDesktop, popupHealth };
}

/**
 * The app's host events as output lines (the recorder's status, room changes, set-up notices);
 * set-up notices also pop up on the desktop.
 */
function followHostEvents(
  app: AppHandle,
  emit: (line: OutputLine) => void,
  showOnDesktop: (popup: DesktopPopup) => unknown,
): RoomsLines {
  const roomsLines = createRoomsLines(emit);
  app.subscribe((message) => {
    switch (message.event) {
      case 'recorder:status':
        emit({ type: 'recorder', ...message.payload });
        break;
      case 'rooms:flagsChanged':
        roomsLines.offer(message.payload.rooms);
        break;
      case 'setup:notice': {
        const { title, body, kind } = message.payload;
        emit({ type: 'warning', message: `${title}: ${body}`, notice: kind });
        showOnDesktop({ title, body }); // set-up notices pop up on the desktop too
        break;
      }
      case 'push:attempt':
        emit({ type: 'push', ...message.payload });
        break;
    }
  });
  return roomsLines;
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
