import type { HistoryNotification } from '../../shared/history';
import { errorDetail } from '../core/log-text';
import type { Logger } from '../core/ports';
import type { DecisionSink, PlugInContext } from './plug-ins';

/**
 * The sinks attached to the app, in order: every decision reaches each one. A sink that throws is
 * logged and skipped, so a failing push target cannot cost the desktop popup or the history.
 */
export class DecisionSinks {
  readonly #sinks: DecisionSink[] = [];
  readonly #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Attaches sinks after those already attached. */
  attach(...sinks: readonly DecisionSink[]): void {
    this.#sinks.push(...sinks);
  }

  /** Starts every sink that has a start step. */
  async start(context: PlugInContext): Promise<void> {
    for (const sink of this.#sinks) await sink.start?.(context);
  }

  /** Hands one decision to every sink. */
  decided(entry: HistoryNotification): void {
    for (const sink of this.#sinks) {
      try {
        sink.decided(entry);
      } catch (error) {
        this.#log.error(`${sink.name}: ${errorDetail(error)}`);
      }
    }
  }

  /** Stops every sink, each whatever the others did. */
  async stop(): Promise<void> {
    for (const sink of this.#sinks) {
      try {
        await sink.stop?.();
      } catch (error) {
        this.#log.error(`${sink.name}: did not stop cleanly: ${errorDetail(error)}`);
      }
    }
  }
}
