import { isNewerVersion } from './versions';

/** How often the app asks the feed for a newer version (and once at start). */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Whether to tell the user of a version: only one newer than the running one, and each version
 * once (a later check, or a restart that finds the same download again, says nothing new). The
 * last version told is kept by the host (a file in the data folder) and given back at start.
 */
export class UpdateNotice {
  readonly #current: string;
  #told: string | undefined;

  constructor(current: string, told?: string) {
    this.#current = current;
    this.#told = told;
  }

  /** True once for a version newer than the running one and than any told before; marks it told. */
  tell(version: string): boolean {
    if (!isNewerVersion(version, this.#current)) return false;
    if (this.#told !== undefined && !isNewerVersion(version, this.#told)) return false;
    this.#told = version;
    return true;
  }

  /** The last version told, for the host to keep. */
  told(): string | undefined {
    return this.#told;
  }
}
