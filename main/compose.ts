import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { languageForLocale } from '../shared/format';
import type { AppNotification, NotificationAction, RoomState } from '../shared/model';
import {
  recorderStatusMessage,
  type RecorderStatus,
  type RecorderStatusContext,
} from '../shared/recorder/connection-status';
import type { Language, Settings } from '../shared/settings';
import type { EventLogEntry } from '../shared/model';
import { HISTORY_LIMITS, type HistoryFile, type HistoryNotification } from '../shared/history';
import { fileCheck } from './adapters/file-access';
import { HistoryStore } from './adapters/history-store';
import { JournalFile } from './adapters/journal-file';
import { systemLocale } from './adapters/app-paths';
import { RecorderPolling } from './adapters/recorder-polling';
import { postTestEvent } from './adapters/test-event-sender';
import { WebhookServer, webhookUrlFor } from './adapters/webhook-listener/webhook-server';
import { buildTestWebhook, type TestEventKind } from './core/test-event';
import { EventPipeline } from './core/event-pipeline';
import { eventLogEntry } from './core/event-log-entry';
import { initialReadState } from './core/history';
import { errorDetail } from './core/log-text';
import { liveRoomUrl } from './core/links';
import type { FileCheck, Happening } from './core/happening';
import type { Logger } from './core/ports';
import type { SetupNotice } from './core/recorder-sync';
import { WebhookIntake, type IntakeResult } from './core/webhook-intake';
import { parseWebhook, type RecorderWebhook } from '../shared/recorder/webhook';

/** Everything the composition root needs from its host (headless CLI or Electron glue). */
export interface ComposeOptions {
  dataDir: string;
  version: string;
  settings: () => Settings;
  log: Logger;
  /** Pops up a notification the policy decided to show. */
  showNotification: (notification: AppNotification) => void;
  /** Every decision as the history records it (with its initial read state), for output. */
  onDecided?: (entry: HistoryNotification) => void;
  onHappening?: (happening: Happening) => void;
  /** The room list or a room's flags changed (not called for statistics alone). */
  onRoomsChanged?: (rooms: RoomState[]) => void;
  /** Rooms were touched by a webhook or a poll (statistics included). */
  onRoomsUpdated?: () => void;
  /** The recorder's connection state changed, with a message in the user's language. */
  onRecorderStatus?: (
    status: RecorderStatus,
    message: string,
    context: RecorderStatusContext,
  ) => void;
  /** A one-off message about the set-up (long outage, webhooks not arriving). */
  onNotice?: (notice: SetupNotice) => void;
  clock?: () => number;
}

/** The composed app: core services wired to their adapters. */
export interface ComposedApp {
  pipeline: EventPipeline;
  intake: WebhookIntake;
  server: WebhookServer;
  journal: JournalFile;
  history: HistoryStore;
  polling: RecorderPolling;
  /** Where a finished file is on this machine, and what a click may do with it (checked now). */
  checkFile(file: { relativePath: string }): Promise<FileCheck>;
  /** The language notifications and messages use now. */
  language(): Language;
  /** Binds the listener per the settings; returns the URL for the recorder. */
  start(): Promise<{ port: number; webhookUrl: string }>;
  /** Starts polling the recorder's API (when a recorder URL is set). */
  startPolling(): Promise<void>;
  /**
   * Applies changed settings: binds the listener again if its address changed (or it is not
   * listening), and re-polls if the recorder's settings changed. Says whether it bound.
   */
  settingsChanged(previous: Settings): Promise<{ rebound: boolean }>;
  /** The URL to paste into the recorder's "Webhook V2" setting. */
  webhookUrl(): string;
  /** Runs a logged event's body through the pipeline again (shown as new, state untouched). */
  replay(body: unknown): boolean;
  /** Posts a real-format webhook to the app's own listener over HTTP, as the recorder would. */
  sendTestEvent(kind: TestEventKind): Promise<{ ok: boolean; message?: string }>;
  /** Flushes held-back notifications, stops polling, closes the listener and the journal. */
  stop(): Promise<void>;
}

// Compact the journal when it holds this many times more entries than it must keep (the ids of the
// dedupe window, and the accepted deliveries the event log shows).
const JOURNAL_SLACK = 2;

/** Builds adapters and core services and connects them: the one composition root. */
export async function composeApp(options: ComposeOptions): Promise<ComposedApp> {
  const clock = options.clock ?? Date.now;
  await mkdir(options.dataDir, { recursive: true });
  const { journal, contents } = await JournalFile.open(options.dataDir);
  for (const warning of contents.warnings) options.log.warn(warning);

  const intake = new WebhookIntake(journal, clock);
  // The newest accepted deliveries stay in the journal whatever the dedupe window: the event log
  // shows them from there.
  const limits = HISTORY_LIMITS;
  const restored = intake.restore(contents.entries, limits.events);
  const history = await HistoryStore.open({
    dir: join(options.dataDir, 'history'),
    limits,
    // Numbered by the journal's seq here: the merge with the log's own file numbers them afresh.
    journaledEvents: restored.accepted
      .slice(-limits.events)
      .map((accepted) => acceptedLogEntry(accepted, accepted.entry.seq)),
    onWarning: options.log.warn,
  });
  let eventSeq = history.history.lastEventSeq();
  // An accepted delivery is held in memory only: the journal keeps it for the next start-up.
  const logAccepted = (accepted: AcceptedWebhook, bodyJson: string) =>
    history.addJournaledEvent(acceptedLogEntry(accepted, ++eventSeq), bodyJson);
  // Duplicates and replays are kept by the event log's own file, with their place in the journal.
  const logOther = (
    webhook: RecorderWebhook,
    body: unknown,
    meta: Pick<EventLogEntry, 'source' | 'duplicate' | 'userAgent' | 'receivedAt' | 'journalSeq'>,
    bodyJson?: string,
  ) => history.addEvent(eventLogEntry(webhook, body, { seq: ++eventSeq, ...meta }), bodyJson);
  const checkFile = (file: { relativePath: string }): Promise<FileCheck> =>
    fileCheck(file.relativePath, options.settings(), options.log);
  // The system locale is read once: without LANG (Windows, macOS) it costs an Intl lookup per call.
  const systemLanguage = languageForLocale(systemLocale());
  const language = (): Language => options.settings().language ?? systemLanguage;
  let roomsVersion = 0;
  const pipeline = new EventPipeline(
    {
      clock,
      setTimer: (fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
      settings: () => ({ ...options.settings().notifications, language: language() }),
      actionFor: defaultAction,
    },
    {
      decided: (record) => {
        const { notification, decision } = record;
        const entry: HistoryNotification = {
          notification,
          decision,
          read: initialReadState(decision),
        };
        history.addNotification(entry);
        options.onDecided?.(entry);
        if (record.decision.shown) options.showNotification(record.notification);
      },
      happened: (happening) => {
        // A replay shows an old event again; its file is already in the list.
        if (happening.kind === 'FileClosed' && happening.file && happening.source !== 'replay') {
          const entry: HistoryFile = { ...happening.file, finishedAt: clock() };
          const resolvedPath = happening.fileCheck?.resolvedPath;
          if (resolvedPath) entry.resolvedPath = resolvedPath;
          history.addFile(entry);
        }
        options.onHappening?.(happening);
      },
      failed: (error) => options.log.error(`event pipeline: ${errorDetail(error)}`),
      roomsChanged: () => {
        options.onRoomsUpdated?.();
        const version = pipeline.state.rooms.version;
        if (version === roomsVersion) return;
        roomsVersion = version;
        options.onRoomsChanged?.(pipeline.state.rooms.list());
      },
    },
    checkFile,
  );
  pipeline.replay(restored.replay);
  if (contents.entries.length > restored.keep.length * JOURNAL_SLACK + 1000) {
    await journal.compact(restored.keep);
  }

  const webhookUrl = (): string => {
    const bound = server.address ?? options.settings().listener;
    return webhookUrlFor(bound.host, bound.port, bound.token);
  };
  const polling = new RecorderPolling({
    pipeline,
    clock,
    appSettings: options.settings,
    settings: () => {
      const { rooms, unreachableNotifyAfterMinutes } = options.settings().recorder;
      return {
        rooms,
        unreachableNotifyAfterMinutes,
        language: language(),
        webhookUrl: webhookUrl(),
      };
    },
    statusChanged: (status, failure) => {
      const context = { url: options.settings().recorder.url, ...(failure ?? {}) };
      options.onRecorderStatus?.(
        status,
        recorderStatusMessage(status, language(), context),
        context,
      );
    },
    notice: (notice) => options.onNotice?.(notice),
    log: options.log,
  });

  const testSecret = randomBytes(16).toString('hex');
  const server = new WebhookServer({
    intake,
    testSecret,
    onDuplicate: ({ webhook, receivedAt, journalSeq }, body, userAgent, bodyJson) =>
      logOther(
        webhook,
        body,
        { source: 'webhook', duplicate: true, userAgent, receivedAt, journalSeq },
        bodyJson,
      ),
    onAccepted: (accepted, bodyJson) => {
      const { webhook } = accepted;
      logAccepted(accepted, bodyJson);
      if (webhook.type !== 'unknown') polling.sync.webhookSeen(webhook.data.RoomId);
      pipeline.webhook(webhook, accepted.entry.source, accepted.entry.receivedAt);
    },
    version: options.version,
    startedAt: clock(),
    clock,
    log: options.log,
  });

  return {
    pipeline,
    intake,
    server,
    journal,
    history,
    polling,
    checkFile,
    language,
    webhookUrl,
    start: () => server.start(options.settings().listener),
    startPolling: () => polling.reconfigure(),
    replay(body) {
      const parsed = parseWebhook(body);
      if (!parsed.ok) return false;
      logOther(parsed.value, body, {
        source: 'replay',
        duplicate: false,
        receivedAt: clock(),
        journalSeq: intake.journalSeq,
      });
      pipeline.webhook(parsed.value, 'replay');
      return true;
    },
    sendTestEvent: (kind) =>
      postTestEvent(webhookUrl(), {
        body: buildTestWebhook(kind, {
          id: randomUUID(),
          sessionId: randomUUID(),
          now: clock(),
          offsetMinutes: -new Date(clock()).getTimezoneOffset(),
          language: language(),
        }),
        secret: testSecret,
        version: options.version,
      }),
    async settingsChanged(previous) {
      const current = options.settings();
      const next = current.listener;
      const old = previous.listener;
      const moved = next.host !== old.host || next.port !== old.port || next.token !== old.token;
      const rebound = moved || server.address === undefined;
      if (rebound) await (server.address ? server.restart(next) : server.start(next));
      if (JSON.stringify(current.recorder) !== JSON.stringify(previous.recorder))
        await polling.reconfigure();
      return { rebound };
    },

    async stop() {
      // Each step runs whatever the one before did: the journal and history must always close.
      try {
        await polling.stop();
        await server.stop();
        await pipeline.drain();
        pipeline.policy.flush();
      } finally {
        await journal.close();
        await history.close();
      }
    },
  };
}

/** An accepted webhook as the intake returns it, or as restored from the journal. */
type AcceptedWebhook = Pick<Extract<IntakeResult, { status: 'accepted' }>, 'entry' | 'webhook'>;

/** The event log's entry of an accepted delivery, with the receipt time the journal holds. */
function acceptedLogEntry({ entry, webhook }: AcceptedWebhook, seq: number): EventLogEntry {
  return eventLogEntry(webhook, entry.body, {
    seq,
    receivedAt: entry.receivedAt,
    source: entry.source,
    duplicate: false,
    userAgent: entry.userAgent,
  });
}

function defaultAction(happening: Happening): NotificationAction | undefined {
  if (happening.kind === 'StreamStarted') {
    const url = liveRoomUrl(happening.roomId);
    return url ? { kind: 'openUrl', url } : undefined;
  }
  return happening.fileCheck?.action;
}
