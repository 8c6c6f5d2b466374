import type { RecorderConnection } from '../../shared/app-state';
import {
  recorderOffMessage,
  recorderStatusMessage,
  type RecorderStatus,
  type RecorderStatusContext,
} from '../../shared/recorder/connection-status';
import type { Language, Settings } from '../../shared/settings';

/**
 * The recorder's last answer. Its message is worded when the state is read, so that it is always
 * in the language in force ('off': nothing has answered yet, or no recorder URL is set).
 */
export class RecorderConnectionState {
  #status: RecorderConnection['status'] = 'off';
  #context: RecorderStatusContext = {};

  /** Notes a new answer of the recorder. */
  set(status: RecorderStatus, context: RecorderStatusContext): void {
    this.#status = status;
    this.#context = context;
  }

  /** Whether the recorder's API answered its last poll (buttons that need it may show). */
  get answering(): boolean {
    return this.#status === 'ok';
  }

  /** Back to 'off' (the recorder URL was cleared). */
  reset(): void {
    this.#status = 'off';
    this.#context = {};
  }

  /** The connection as the window shows it. */
  view(settings: Settings, language: Language): RecorderConnection {
    const message =
      this.#status === 'off'
        ? recorderOffMessage(recorderConfigured(settings), language)
        : recorderStatusMessage(this.#status, language, this.#context);
    return { status: this.#status, message };
  }
}

/** Whether a recorder URL is set (otherwise the app runs on webhooks alone). */
export function recorderConfigured(settings: Settings): boolean {
  return settings.recorder.url.trim() !== '';
}
