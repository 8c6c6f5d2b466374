import type { SetupNoticeState } from '../../shared/app-state';
import type { SetupNotice } from '../core/recorder-sync';

/**
 * The set-up notices in force, for the window's banners: a notice stands until what it is about
 * is fixed (the recorder answers again; a webhook arrives).
 */
export class SetupNotices {
  readonly #byKind = new Map<SetupNotice['kind'], SetupNoticeState>();

  /** Notes a notice, replacing an older one of its kind. */
  add(notice: SetupNotice, at: number): void {
    this.#byKind.set(notice.kind, {
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      at,
    });
  }

  /** Drops the notice of `kind`; says whether there was one. */
  clear(kind: SetupNotice['kind']): boolean {
    return this.#byKind.delete(kind);
  }

  /** The notices in force, oldest first. */
  list(): SetupNoticeState[] {
    return [...this.#byKind.values()];
  }
}
