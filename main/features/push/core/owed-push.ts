import * as z from 'zod';
import type { HistoryNotification } from '../../../../shared/history';
import { RoomPictures } from '../../../../shared/model';
import { Language, type PushTargetSetting } from '../../../../shared/settings';
import type { Effect, OwedEffect } from '../../../core/outbox';
import { pushMessage, targetWants } from './push-message';

/** A push's message as its outbox row keeps it (the `payload` of a push effect). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  click: z.string().optional(),
  pictures: RoomPictures.optional(),
  language: Language.optional(),
  facts: z.record(z.string(), z.string()).optional(),
  /** A go-live push's buttons for a phone (issue 43: push-message.ts, PushMessage.buttons). */
  buttons: z
    .object({
      notificationId: z.string(),
      offered: z.array(z.enum(['record', 'mute', 'openRoom'])),
    })
    .optional(),
});
/** A push's message as kept. */
export type PushPayload = z.infer<typeof PushPayload>;

/** One push owed, as the push feature sends it: its row (`id`), target and message. */
export interface OwedPush {
  id: number | undefined;
  notificationId: string;
  /** The target's URL as set (with its token). */
  url: string;
  message: PushPayload;
  /** Epoch ms of the decision: the hour of retries counts from here. */
  firstAt: number;
}

/**
 * A decision's pushes (pure): one effect for each target that wants it (shown, or held and the
 * target does not wait), its message as the target words it.
 */
export function pushEffects(
  entry: HistoryNotification,
  targets: readonly PushTargetSetting[],
  language: Language,
): Effect[] {
  return targets
    .filter((target) => targetWants(target, entry))
    .map((target) => ({
      kind: 'push',
      target: target.url,
      payload: JSON.stringify(pushMessage(entry, target, language)),
    }));
}

/** An owed push effect as the push feature sends it; undefined when its message does not read. */
export function owedPush(effect: OwedEffect): OwedPush | undefined {
  let json: unknown;
  try {
    json = JSON.parse(effect.payload ?? '');
  } catch {
    return undefined;
  }
  const message = PushPayload.safeParse(json);
  if (!message.success || effect.target === undefined) return undefined;
  return {
    id: effect.id,
    notificationId: effect.notificationId,
    url: effect.target,
    message: message.data,
    firstAt: effect.createdAt,
  };
}
