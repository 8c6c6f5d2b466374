import { mkdir } from 'node:fs/promises';
import { languageForLocale } from '../shared/format';
import { liveRoomUrl } from '../shared/format';
import type { AppNotification, NotificationAction } from '../shared/model';
import type { Settings } from '../shared/settings';
import { JournalFile } from './adapters/journal-file';
import { systemLocale } from './adapters/app-paths';
import { WebhookServer } from './adapters/webhook-server';
import { EventPipeline } from './core/event-pipeline';
import type { Happening } from './core/happening';
import type { DecidedNotification } from './core/notification-policy';
import type { Logger } from './core/ports';
import { WebhookIntake } from './core/webhook-intake';

/** Everything the composition root needs from its host (headless CLI or Electron glue). */
export interface ComposeOptions {
  dataDir: string;
  version: string;
  settings: () => Settings;
  log: Logger;
  /** Pops up a notification the policy decided to show. */
  showNotification: (notification: AppNotification) => void;
  /** Every decision, for history and output. */
  onDecided?: (record: DecidedNotification) => void;
  onHappening?: (happening: Happening) => void;
  clock?: () => number;
}

/** The composed app: core services wired to their adapters. */
export interface ComposedApp {
  pipeline: EventPipeline;
  intake: WebhookIntake;
  server: WebhookServer;
  journal: JournalFile;
  /** Binds the listener per the settings; returns the URL to paste into the recorder. */
  startListener(): Promise<{ port: number; webhookUrl: string }>;
  /** Flushes held-back notifications, closes the listener and the journal. */
  stop(): Promise<void>;
}

// Compact the journal when it holds this many times more entries than dedupe needs.
const JOURNAL_SLACK = 2;

/** Builds adapters and core services and connects them: the one composition root. */
export async function composeApp(options: ComposeOptions): Promise<ComposedApp> {
  const clock = options.clock ?? Date.now;
  await mkdir(options.dataDir, { recursive: true });
  const { journal, contents } = await JournalFile.open(options.dataDir);
  for (const warning of contents.warnings) options.log.warn(warning);

  const intake = new WebhookIntake(journal, clock);
  const pipeline = new EventPipeline(
    {
      clock,
      setTimer: (fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
      settings: () => {
        const s = options.settings();
        return { ...s.notifications, language: s.language ?? languageForLocale(systemLocale()) };
      },
      actionFor: defaultAction,
    },
    {
      decided: (record) => {
        options.onDecided?.(record);
        if (record.decision.shown) options.showNotification(record.notification);
      },
      ...(options.onHappening ? { happened: options.onHappening } : {}),
    },
  );
  pipeline.replay(intake.restore(contents.entries));
  const remembered = intake.rememberedIds();
  if (contents.entries.length > remembered.size * JOURNAL_SLACK + 1000) {
    await journal.compact(contents.entries.filter((e) => remembered.has(idOf(e.body))));
  }

  const server = new WebhookServer({
    intake,
    onAccepted: (accepted) => pipeline.webhook(accepted.webhook, accepted.entry.source),
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
    startListener: () => server.start(options.settings().listener),
    async stop() {
      pipeline.policy.flush();
      await server.stop();
      await journal.close();
    },
  };
}

function defaultAction(happening: Happening): NotificationAction | undefined {
  if (happening.kind === 'StreamStarted') return { kind: 'openUrl', url: liveRoomUrl(happening.roomId) };
  return undefined;
}

function idOf(body: unknown): string {
  const b = body as { EventId?: unknown; EventRandomId?: unknown } | null;
  const id = b?.EventId ?? b?.EventRandomId;
  return typeof id === 'string' ? id.toLowerCase() : '';
}
