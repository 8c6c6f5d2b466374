import type { RecorderConnection } from '../../shared/app-state';
import { apiAnswers, recorderOffMessage } from '../../shared/recorder/connection-status';
import { recorderById, recorderLabel } from '../../shared/recorders';
import type { Language } from '../../shared/settings';
import { RecorderLink, type LinkWiring } from './recorder-link';

/** Every recorder's link, kept in step with the settings (built, reconfigured, torn down). */
export class RecorderLinks {
  readonly #links = new Map<string, RecorderLink>();
  readonly #wiring: LinkWiring;

  constructor(wiring: LinkWiring) {
    this.#wiring = wiring;
    this.#reconcile();
  }

  /**
   * The link of a recorder in the settings; one added a moment ago gets its link at once (its
   * commands and checks need its client), and its polling starts at the next `reconfigure`.
   */
  get(id: string): RecorderLink | undefined {
    const link = this.#links.get(id);
    if (link || !recorderById(this.#wiring.context.settings(), id)) return link;
    const added = new RecorderLink(id, this.#wiring);
    this.#links.set(id, added);
    return added;
  }

  /** Every link, in the order of the settings. */
  list(): RecorderLink[] {
    return this.#wiring.context
      .settings()
      .recorders.map((recorder) => this.#links.get(recorder.id))
      .filter((link): link is RecorderLink => link !== undefined);
  }

  /** Builds links for new recorders, stops removed ones, and reconfigures the rest. */
  async reconfigure(): Promise<void> {
    const removed = this.#reconcile();
    for (const link of removed) {
      await link.stop();
      this.#wiring.pipeline.forget(link.id);
    }
    for (const link of this.list()) await link.reconfigure();
  }

  /** Polls every recorder now; after resume, `rebaseline` keeps old news from popping up. */
  pollNow(options: { rebaseline?: boolean } = {}): void {
    for (const link of this.#links.values()) link.pollNow(options);
  }

  /** Stops every poller. */
  async stop(): Promise<void> {
    for (const link of this.#links.values()) await link.stop();
  }

  /** The recorders' connection as one light: the first that is not ok, named, else the first's. */
  connection(language: Language): RecorderConnection {
    const links = this.list();
    const troubled = links.find((link) => {
      const status = link.connection(language).status;
      return !apiAnswers(status) && status !== 'off';
    });
    const shown = troubled ?? links[0];
    if (!shown) return { status: 'off', message: recorderOffMessage(false, language) };
    const connection = shown.connection(language);
    const recorder = shown.settings();
    if (links.length < 2 || !recorder) return connection;
    return { ...connection, message: `${recorderLabel(recorder)}: ${connection.message}` };
  }

  // Makes the map match the settings; returns the links of recorders no longer there.
  #reconcile(): RecorderLink[] {
    const ids = new Set(this.#wiring.context.settings().recorders.map((r) => r.id));
    const removed: RecorderLink[] = [];
    for (const [id, link] of this.#links) {
      if (ids.has(id)) continue;
      this.#links.delete(id);
      removed.push(link);
    }
    for (const id of ids)
      if (!this.#links.has(id)) this.#links.set(id, new RecorderLink(id, this.#wiring));
    return removed;
  }
}
