import type { RoomState } from '../../shared/model';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { Happening } from './happening';
import { NotificationPolicy, type DecidedNotification, type PolicyPorts } from './notification-policy';
import type { JournalEntry } from './ports';
import { RecorderState } from './recorder-state';

/** Listeners of what the pipeline decides. */
export interface PipelineListeners {
  /** Every notification decision, shown or suppressed. */
  decided: (record: DecidedNotification) => void;
  /** Every happening, before the policy sees it (for logs and the health checks). */
  happened?: (happening: Happening) => void;
  /** A room changed (flags, title, statistics). */
  roomsChanged?: (rooms: RoomState[]) => void;
}

/**
 * The core's one door for observations: accepted webhooks and polls go in, the recorder state
 * derives each happening once, and the notification policy decides what the user sees.
 */
export class EventPipeline {
  readonly state = new RecorderState();
  readonly policy: NotificationPolicy;
  readonly #listeners: PipelineListeners;

  constructor(policyPorts: Omit<PolicyPorts, 'decided'>, listeners: PipelineListeners) {
    this.#listeners = listeners;
    this.policy = new NotificationPolicy({ ...policyPorts, decided: (record) => listeners.decided(record) });
  }

  /** Rebuilds state from journaled webhooks at start-up; nothing is notified again. */
  replay(webhooks: readonly RecorderWebhook[]): void {
    for (const webhook of webhooks) this.state.applyWebhook(webhook, 'replay');
  }

  /** Processes one accepted webhook. */
  webhook(webhook: RecorderWebhook, source: JournalEntry['source'] = 'webhook'): Happening[] {
    const happenings = this.state.applyWebhook(webhook, source);
    this.#deliver(happenings, webhook.type === 'unknown' ? [] : [webhookRoomId(webhook)]);
    return happenings;
  }

  /** Processes a poll's view of rooms at local time `at`; `baseline` marks a first look. */
  poll(rooms: readonly Omit<RoomState, 'updatedAt'>[], at: number, baseline: boolean): Happening[] {
    const happenings = rooms.flatMap((room) => this.state.applyPolledRoom(room, at, baseline));
    this.#deliver(happenings, rooms.map((r) => r.roomId));
    return happenings;
  }

  #deliver(happenings: Happening[], touchedRooms: number[]): void {
    for (const happening of happenings) {
      this.#listeners.happened?.(happening);
      this.policy.offer(happening);
    }
    if (touchedRooms.length > 0) this.#listeners.roomsChanged?.(this.state.rooms.list());
  }
}

function webhookRoomId(webhook: Exclude<RecorderWebhook, { type: 'unknown' }>): number {
  return webhook.data.RoomId;
}
