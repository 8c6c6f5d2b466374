import { jsonOrUndefined } from '../../../../shared/parse';
import * as z from 'zod';
import type { HistoryNotification } from '../../../../shared/history';
import { RoomPictures } from '../../../../shared/model';
import { Language, type PushTargetSetting } from '../../../../shared/settings';
import type { Effect, OwedEffect } from '../../../core/outbox';
import { FileHandOff, fileHandOff } from './file-hand-off';
import { pushMessage, targetWants } from './push-message';
import { parsePushUrl } from './push-url';

/** A push's message as its outbox row keeps it (the `payload` of a push effect). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  click: z.string().optional(),
  pictures: RoomPictures.optional(),
  language: Language.optional(),
  facts: z.record(z.string(), z.string()).optional(),
  /** The avatar and the cover as https URLs (push-message.ts, pushPictures): kept, or a push from the outbox would go without them. */
  icon: z.string().optional(),
  image: z.string().optional(),
  /** A go-live push's buttons for a phone (issue 43: push-message.ts, PushMessage.buttons). */
  buttons: z
    .object({
      notificationId: z.string(),
      offered: z.array(z.enum(['record', 'mute', 'openRoom'])),
    })
    .optional(),
  /** A finished file for a biliLive-tools target (file-hand-off.ts); no other target has one. */
  handOff: FileHandOff.optional(),
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
 * target does not wait), its message as the target words it. A biliLive-tools target gets only
 * finished files found on this machine, with the file handed off.
 */
export function pushEffects(
  entry: HistoryNotification,
  targets: readonly PushTargetSetting[],
  language: Language,
): Effect[] {
  const handOff = fileHandOff(entry);
  return targets
    .filter((target) => targetWants(target, entry))
    .flatMap((target): Effect[] => {
      const files = isBililiveTools(target.url);
      // biliLive-tools takes files, not words: a decision without a local file is not its.
      if (files && !handOff) return [];
      const message = { ...pushMessage(entry, target, language), ...(files ? { handOff } : {}) };
      return [{ kind: 'push', target: target.url, payload: JSON.stringify(message) }];
    });
}

function isBililiveTools(url: string): boolean {
  const parsed = parsePushUrl(url);
  return parsed.ok && parsed.value.target.service === 'bililive-tools';
}

/** An owed push effect as the push feature sends it; undefined when its message does not read. */
export function owedPush(effect: OwedEffect): OwedPush | undefined {
  const message = PushPayload.safeParse(jsonOrUndefined(effect.payload ?? ''));
  if (!message.success || effect.target === undefined) return undefined;
  return {
    id: effect.id,
    notificationId: effect.notificationId,
    url: effect.target,
    message: message.data,
    firstAt: effect.createdAt,
  };
}
