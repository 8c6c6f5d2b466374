import type { Settings } from '../../shared/settings';
import { applySettingsPatch, type SettingsPatch } from '../../shared/settings-patch';

/**
 * The settings as the window shows them: main's newest answer, with the saves still on their way
 * applied on top. A choice shows the moment it is made, and the next one is made on top of it:
 * without this, a checkbox ticked before the answer to the last change came back was saved with
 * that change's old value, undoing it, and flipped back when the older answer arrived.
 */
export class ShownSettings {
  #confirmed: Settings | null = null;
  /** The request whose answer `#confirmed` is: an answer to an older one is not newer. */
  #confirmedBy = 0;
  #pending: { id: number; patch: SettingsPatch }[] = [];
  #lastId = 0;
  /** Moves whenever what is shown may change; `shown()` is worked out again only then. */
  #version = 0;
  #shown: { version: number; value: Settings | null } | undefined;

  /** Notes a request to main (a read, or a save of `patch`); its answer goes to `answered`. */
  request(patch?: SettingsPatch): number {
    const id = ++this.#lastId;
    if (patch) {
      this.#pending.push({ id, patch });
      this.#version += 1;
    }
    return id;
  }

  /** Main answered request `id` with these settings, or failed (undefined): the save is no longer on its way. */
  answered(id: number, settings?: Settings): void {
    this.#pending = this.#pending.filter((p) => p.id !== id);
    if (settings && id > this.#confirmedBy) {
      this.#confirmed = settings;
      this.#confirmedBy = id;
    }
    this.#version += 1;
  }

  /** What to show: null until main first answered; the same object while nothing changed. */
  shown(): Settings | null {
    if (this.#shown?.version === this.#version) return this.#shown.value;
    let value = this.#confirmed;
    // A patch main would refuse is not shown (its answer says why); merge patches may apply twice.
    for (const { patch } of this.#pending) {
      if (value === null) break;
      const applied = applySettingsPatch(value, patch);
      if (applied.ok) value = applied.settings;
    }
    this.#shown = { version: this.#version, value };
    return value;
  }
}
