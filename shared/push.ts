import * as z from 'zod';

export { PushTargetSetting } from './settings';

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
  // The group bots' and mail servers' own refusals, said apart so the fix is plain.
  'badSecret',
  'botRemoved',
  'keywordMissing',
  'badLogin',
  'badCertificate',
]);
/** A push failure reason. */
export type PushFailure = z.infer<typeof PushFailure>;

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

/**
 * A push target that takes commands from the phone (issue 43): whether its bot is connected,
 * and the last command taken through it.
 */
export const PhoneStatus = z.object({
  connection: z.enum(['connecting', 'connected', 'badToken', 'conflict', 'waiting', 'unreachable']),
  last: z.object({ line: z.string(), sender: z.string(), at: z.number() }).optional(),
});
/** A commanding target's status. */
export type PhoneStatus = z.infer<typeof PhoneStatus>;
