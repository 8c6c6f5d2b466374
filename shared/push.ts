import { z } from 'zod';
import { NotifiableEvent } from './settings';

/** Why a push failed, in words the window translates (shared/i18n/window/push.ts). */
export const PushFailure = z.enum([
  'badUrl',
  'badToken',
  'notFound',
  'rejected',
  'rateLimited',
  'serverError',
  'unreachable',
  'timeout',
  'removed',
  'expired',
]);
/** A push failure reason. */
export type PushFailure = z.infer<typeof PushFailure>;

/** One push target as the settings keep it: an Apprise-style URL and its filters. */
export const PushTargetSetting = z.object({
  /** e.g. `ntfy://ntfy.sh/my-topic`; carries tokens: masked in the window, redacted in logs. */
  url: z.string().trim().min(1).max(2000),
  enabled: z.boolean().default(true),
  /** Kinds to push; empty: every kind the policy shows. */
  kinds: z.array(NotifiableEvent).default([]),
  /** Rooms to push; empty: every room. */
  rooms: z.array(z.number().int().nonnegative()).default([]),
  /** Custom title and body with {name} {title} {area} {roomId} {url} {file} {size} {duration} {problem}; '' = the default. */
  titleTemplate: z.string().max(500).default(''),
  bodyTemplate: z.string().max(2000).default(''),
});
/** A push target setting. */
export type PushTargetSetting = z.infer<typeof PushTargetSetting>;

/** The outcome of one push of one notification to one target, kept with it in the history. */
export const PushRecord = z.object({
  /** The target's URL with its secrets masked. */
  target: z.string(),
  status: z.enum(['sent', 'failed']),
  /** Epoch ms of the attempt that settled it. */
  at: z.number(),
  attempts: z.number().int().positive(),
  reason: PushFailure.optional(),
  /** What the service answered, secrets masked. */
  detail: z.string().optional(),
});
/** A push outcome. */
export type PushRecord = z.infer<typeof PushRecord>;

/** The answer of `push:test`: sent, or why not in plain words. */
export const PushTestResult = z.object({
  ok: z.boolean(),
  target: z.string(),
  reason: PushFailure.optional(),
  message: z.string(),
});
/** A push test's answer. */
export type PushTestResult = z.infer<typeof PushTestResult>;
