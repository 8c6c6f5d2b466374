import type { StreamDown } from '../../shared/i18n/kind-text';
import type { OpenProblem } from '../../shared/problem';
import type { Settings } from '../../shared/settings';
import { GuardianSource } from '../features/guardian/adapters/guardian-source';
import type { EventPipeline } from '../core/event-pipeline';
import type { HappeningSource, Observer, SourceContext } from '../core/plug-ins';
import type { AppContext } from './app-context';
import type { SeamedPorts } from './app-ports';
import type { HistoryTables } from '../adapters/database/history-tables';
import type { RecorderClient } from '../adapters/recorder-client';
import { quietDigestSource } from '../adapters/quiet-digest-source';
import { roomChangeSource } from '../adapters/room-change-source';
import { fileDurationsSource } from '../features/recorder-kinds/app/file-durations';
import { kindStreamsSource } from '../features/recorder-kinds/app/kind-streams';

/** The sources as attached, with the context they start with. */
export interface AttachedSources {
  sources: readonly HappeningSource[];
  context: SourceContext;
  /** The recording guardian's open problems (tray light, Rooms badge). */
  problems(): OpenProblem[];
}

/**
 * The one place sources of happenings attach (besides webhooks and polls): the recording
 * guardian, title and area changes, the quiet hours digest, the rooms' pictures (which offers
 * none: it watches, and fills notifications and rooms), other kinds' streams and their files'
 * durations (ffprobe), then the host's extras (one named as a
 * built-in replaces it). Each offers happenings to the event pipeline (`offer`).
 */
export function attachSources(
  context: AppContext,
  ports: Pick<SeamedPorts, 'sources' | 'setTimer'>,
  parts: {
    pipeline: EventPipeline;
    observers: Observers;
    history: HistoryTables;
    pictures?: HappeningSource;
    /** The recorders' links: the guardian reads each recorder's log through its one client. */
    links: {
      get(
        id: string,
      ): { client(): RecorderClient | undefined; streamState(down?: StreamDown): void } | undefined;
    };
    /** The clean-up of old recordings (main/features/clean-up/app/clean-up.ts): it watches finished files. */
    cleanUp?: HappeningSource;
    /** Each recorder's webhook URL: other kinds' event streams are relayed to it. */
    webhookUrl: (recorderId: string) => string;
  },
): AttachedSources {
  const guardian = new GuardianSource({ clientOf: (id) => parts.links.get(id)?.client() });
  guardian.onProblemsChanged(() => context.stateChanged());
  // Quiet hours' digest: what the policy held, from the history, as one popup at their end.
  const digest = quietDigestSource({
    history: () => parts.history.queries,
    record: (notification) => parts.pipeline.record({ notification, decision: { shown: true } }),
    ...(ports.setTimer ? { setTimer: ports.setTimer } : {}),
  });
  const extras = ports.sources ?? [];
  const pictures = parts.pictures ? [parts.pictures] : [];
  const cleanUp = parts.cleanUp ? [parts.cleanUp] : [];
  // A host's source replaces the built-in of the same name (tests hand in one on a fake clock).
  const streams = kindStreamsSource({
    webhookUrl: parts.webhookUrl,
    streamState: (id, down) => parts.links.get(id)?.streamState(down),
  });
  const durations = fileDurationsSource({
    setDuration: (key, seconds) => parts.history.setFileDuration(key, seconds),
    changed: (file) => context.events.emit('files:changed', file),
  });
  const builtIn = [
    guardian,
    roomChangeSource(),
    digest,
    ...pictures,
    ...cleanUp,
    streams,
    durations,
  ].filter((source) => !extras.some((extra) => extra.name === source.name));
  return {
    sources: [...builtIn, ...extras],
    context: {
      ...context,
      offer: (happening) => parts.pipeline.offer(happening),
      observe: (observer) => parts.observers.observe(observer),
      rooms: () => parts.pipeline.rooms(),
      roomEverywhere: (roomId) => parts.pipeline.roomEverywhere(roomId),
      recorders: () => context.settings().recorders,
      onSettingsChange: (listener) => context.settingsView.onChange(listener),
    },
    problems: () => guardian.problems(),
  };
}

/** The subscribers to what the app observes (webhooks, polls, happenings), for the sources. */
export class Observers {
  readonly #observers = new Set<Observer>();
  readonly #failed: (error: unknown) => void;
  readonly #settings: () => Settings;
  #kindsOf: { settings: Settings; others: boolean } | undefined;

  /** `failed` hears of an observer that threw; the others still run. */
  constructor(failed: (error: unknown) => void, settings: () => Settings) {
    this.#failed = failed;
    this.#settings = settings;
  }

  /** Adds an observer; returns the unsubscribe. */
  observe(observer: Observer): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /** Tells every observer that has the method `name`. */
  notify<K extends Exclude<keyof Observer, 'enabledBy' | 'otherKindsOnly'>>(
    name: K,
    ...args: Parameters<NonNullable<Observer[K]>>
  ): void {
    let settings: Settings | undefined;
    for (const observer of this.#observers) {
      const method = observer[name] as ((...a: typeof args) => void) | undefined;
      if (!method) continue;
      const section = observer.enabledBy;
      if (section !== undefined && !(settings ??= this.#settings())[section].enabled) continue;
      if (observer.otherKindsOnly === true && !this.#otherKinds((settings ??= this.#settings())))
        continue;
      try {
        method.apply(observer, args);
      } catch (error) {
        this.#failed(error);
      }
    }
  }

  /** Whether the settings hold a recorder of another kind (worked out once per settings change). */
  #otherKinds(settings: Settings): boolean {
    if (this.#kindsOf?.settings !== settings)
      this.#kindsOf = {
        settings,
        others: settings.recorders.some((r) => r.kind !== 'bililive-recorder'),
      };
    return this.#kindsOf.others;
  }
}
