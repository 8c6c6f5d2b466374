import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir } from '../adapters/app-paths';
import { createDesktopOpener } from '../adapters/desktop-opener';
import { DatabaseInUse } from '../adapters/database/open-database';
import { createNotifySendNotifier, type DesktopPopup } from '../adapters/notify-send';
import { PopupHealthState } from '../hosts/popup-health-state';
import { SettingsStore } from '../adapters/settings-store';
import {
  createApp,
  popupSink,
  type AppEventName,
  type AppPorts,
  type RunningApp,
  type SettingsOverrides,
} from '../app';
import { PopupButtonRunner } from '../hosts/popup-button-runner';
import { popupPictures } from '../features/pictures/core/popup-pictures';
import type { DecisionSink } from '../core/plug-ins';
import {
  HEADLESS_USAGE,
  parseHeadlessArgs,
  UsageError,
  type HeadlessOptions,
} from './headless-options';
import { guardianLines } from './guardian-lines';
import { headlessOverrides, refuseTrash } from './headless-settings';
import { createLineWriter, createStderrLogger, heldUntilOpen, type OutputLine } from './output';
import { startPreview } from './preview';
import { fetchFeedVersion, gitOriginUrl } from '../features/updates/adapters/update-feed-client';
import { startUpdateLines } from './update-lines';
import type { Logger } from '../core/ports';
import { PICTURES_DIR } from '../features/pictures/adapters/picture-source';
import { createRoomsLines, type RoomsLines } from './rooms-lines';
import { listenForStop } from './stop-request';
import { jobLines } from './job-lines';

/**
 * How headless mode builds the app: createApp, or, in a test entry only, the test-only factory
 * with smaller bounds or a clock the test moves (test/fakes/headless-*.ts).
 */
export type AppFactory = (ports: AppPorts) => Promise<RunningApp>;

/**
 * Headless mode: the listener and core without Electron, talking JSON lines on stdout; resolves
 * with the exit code once stopped (SIGINT, SIGTERM, SIGBREAK or a line `stop` on standard input:
 * stop-request.ts) or refused (bad options, an unsafe bind).
 */
export async function runHeadless(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  makeApp: AppFactory = createApp,
): Promise<number> {
  const emit = createLineWriter();
  const afterReady = heldUntilOpen(emit);
  const log = createStderrLogger();
  let options: HeadlessOptions;
  let overrides;
  try {
    options = parseHeadlessArgs([...argv], env);
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
  const store = await openStore(dataDir, logger, overrides, emit);
  if (!store) return 2;
  const { showOnDesktop, popupHealth } = desktopPopups(options.desktop, warn);

  // Buttons pressed on notify-send popups run through the app's notification:act.
  const buttons = new PopupButtonRunner(logger);
  const app = await makeApp({
    dataDir,
    info: { version, platform: process.platform, logsDir: dataDir },
    log: logger,
    store,
    overrides,
    popups: headlessPopups(afterReady.emit, showOnDesktop, buttons),
    shell: createDesktopOpener(),
    openWindow: () => log.info('open the window: use the uiUrl of the ready line'),
    sinks: [guardianLines(afterReady.emit)],
    hostState: popupHealth,
  }).catch(refusedInUse(emit));
  if (app === undefined) return 1;
  buttons.connect(app);
  const roomsLines = followHostEvents(app, afterReady.emit);

  const started = await app.start();
  if (!started.ok) {
    afterReady.open();
    emit({ type: 'error', message: started.message });
    await app.stop();
    return started.unsafe ? 2 : 1;
  }
  const preview = await startPreview(app, {
    port: options.uiPort ?? 0,
    rendererDir: join(import.meta.dirname, '..', '..', 'dist', 'renderer'),
    picturesDir: join(dataDir, PICTURES_DIR),
    log: logger,
  });
  // Listened for before the ready line: whoever reads it may stop the app at once, and a signal
  // with no listener yet would kill it without saving.
  const stop = listenForStop({ signals: process, input: process.stdin, log: logger });
  const { webhookUrl } = started;
  const uiUrl = preview ? { uiUrl: preview.url } : {};
  emit({ type: 'ready', webhookUrl, webhookUrls: app.webhookUrls(), ...uiUrl, dataDir, version });
  afterReady.open();
  log.info(`listening; set the recorder's "Webhook V2" URL to ${webhookUrl}`);
  const updates = updateLines(app, version, emit, logger);

  log.info(`stopping (${await stop.asked})`);
  updates.stop();
  await preview?.close();
  await app.stop();
  roomsLines.flush();
  return 0;
}

/**
 * The stored settings (the browser preview edits them); refused, with an `error` line, when they
 * hold what headless mode cannot do (a clean-up rule with `then: 'trash'`).
 */
async function openStore(
  dataDir: string,
  log: Logger,
  overrides: SettingsOverrides,
  emit: (line: OutputLine) => void,
): Promise<SettingsStore | undefined> {
  const store = await SettingsStore.open({ dir: dataDir, log });
  try {
    refuseTrash(overrides.apply(store.get()), join(dataDir, 'settings.json'));
    return store;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    emit({ type: 'error', message: error.message });
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

/**
 * Another copy of the app holds this data folder's database: said plainly as an error line (the
 * start ends with exit code 1), not as a crash; anything else is thrown on.
 */
function refusedInUse(emit: (line: OutputLine) => void): (error: unknown) => undefined {
  return (error) => {
    if (!(error instanceof DatabaseInUse)) throw error;
    emit({ type: 'error', message: error.message });
    return undefined;
  };
}

/** Popups as lines (with the pictures' cached files) and, where there is a desktop, notify-send. */
function headlessPopups(
  emit: (line: OutputLine) => void,
  showOnDesktop: (popup: DesktopPopup) => unknown,
  buttons: PopupButtonRunner,
): DecisionSink {
  return popupSink(
    (n) => {
      // `icon` and `image`: the avatar's and cover's cached files, when known.
      emit({ type: 'notification', ...n, ...popupPictures(n) });
      void showOnDesktop(buttons.desktopPopup(n));
    },
    // A set-up notice is printed as its warning line (followHostEvents) and pops up too.
    (n) => void showOnDesktop({ title: n.title, body: n.body }),
  );
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

/** Host events printed as their payload, under the line type each gets. */
const PLAIN_LINES: Partial<Record<AppEventName, string>> = {
  'recorder:status': 'recorder',
  'push:attempt': 'push',
  'phone:command': 'phone',
  'cleanUp:pass': 'clean-up',
};

/**
 * The app's host events as output lines (the recorder's status, room changes, set-up notices,
 * pushes, commands from the phone, jobs);
 * set-up notices also pop up on the desktop.
 */
function followHostEvents(app: RunningApp, emit: (line: OutputLine) => void): RoomsLines {
  const roomsLines = createRoomsLines(emit);
  const jobLine = jobLines(emit);
  app.subscribe((message) => {
    const type = PLAIN_LINES[message.event];
    if (type) emit({ type, ...(message.payload as object) });
    else if (message.event === 'rooms:flagsChanged') roomsLines.offer(message.payload.rooms);
    else if (message.event === 'jobs:changed') jobLine(message.payload);
    else if (message.event === 'setup:notice') {
      const { title, body, kind, recorderId } = message.payload;
      emit({ type: 'warning', message: `${title}: ${body}`, notice: kind, recorderId });
    }
  });
  return roomsLines;
}

/** `update` lines: a newer release of this clone's feed, checked at start and every 6 hours. */
function updateLines(
  app: RunningApp,
  version: string,
  emit: (line: OutputLine) => void,
  log: Logger,
) {
  const updates = startUpdateLines({
    settings: () => app.settings().updates,
    language: () => app.state().language,
    currentVersion: version,
    originUrl: () => gitOriginUrl(join(import.meta.dirname, '..', '..')),
    feedVersion: (folder, fileName) => fetchFeedVersion(folder, fileName),
    platform: process.platform,
    arch: process.arch,
    emit,
    log,
  });
  // A settings change (the browser preview) reaches the state; the check looks whether it was its own.
  app.subscribe((message) => {
    if (message.event === 'state:changed') updates.settingsMaybeChanged();
  });
  return updates;
}

function readVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
