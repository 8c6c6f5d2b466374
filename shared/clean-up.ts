import * as z from 'zod';

/** What a clean-up rule does with a file past its limits: the OS trash, deleted, or moved away. */
export const RemovalHow = z.enum(['trash', 'delete', 'move']);
/** How a file is removed. */
export type RemovalHow = z.infer<typeof RemovalHow>;

/** The messages of a rule the schema refuses (shared/i18n/schema-messages.ts has their Chinese). */
export const CLEAN_UP_MESSAGES = {
  noLimit: 'give keepDays or keepGiB (or both)',
  noMoveTo: 'give moveTo, the folder to move the files to',
} as const;

/**
 * One clean-up rule: the recordings of these recorders and rooms (absent or empty: all) are kept
 * for `keepDays` (by modification time) and up to `keepGiB` in all (the oldest go first); what
 * is past either limit goes as `then` says.
 */
export const CleanUpRule = z
  .object({
    // Recorder ids (settings `recorders[].id`; not imported from settings.ts, which imports this file).
    recorders: z.array(z.string().min(1).max(40)).max(100).optional(),
    rooms: z.array(z.number().int().nonnegative()).max(10_000).optional(),
    // Above 0: a limit of 0 would remove a file the moment it is finished.
    keepDays: z.number().positive().max(36_500).optional(),
    keepGiB: z.number().positive().max(1_000_000).optional(),
    then: RemovalHow,
    /** Where `move` puts the files (their path under the recording root is kept below it). */
    moveTo: z.string().trim().min(1).max(4096).optional(),
  })
  .superRefine((rule, context) => {
    if (rule.keepDays === undefined && rule.keepGiB === undefined)
      context.addIssue({ code: 'custom', path: ['keepDays'], message: CLEAN_UP_MESSAGES.noLimit });
    if (rule.then === 'move' && rule.moveTo === undefined)
      context.addIssue({ code: 'custom', path: ['moveTo'], message: CLEAN_UP_MESSAGES.noMoveTo });
  });
/** A clean-up rule. */
export type CleanUpRule = z.infer<typeof CleanUpRule>;

/**
 * Clean-up of old recordings (main/features/clean-up/core/). Off by default; a dry run by default too, so
 * that switching it on first shows what would go (the window's preview, headless `clean-up`
 * lines) and removes nothing until the user turns the dry run off: `delete` cannot be undone.
 */
export const CleanUpSettings = z.object({
  enabled: z.boolean().default(false),
  dryRun: z.boolean().default(true),
  rules: z.array(CleanUpRule).max(50).default([]),
});
/** The clean-up settings. */
export type CleanUpSettings = z.infer<typeof CleanUpSettings>;

/** One file a clean-up pass would remove (or removed). */
export const CleanUpFile = z.object({
  recorderId: z.string(),
  /** Under the recorder's recording root, `/`-separated. */
  relativePath: z.string(),
  /** The room, when the path or the Files list names it. */
  roomId: z.number().int().nonnegative().optional(),
  bytes: z.number().nonnegative(),
  /** The file's modification time, epoch ms. */
  modifiedAt: z.number(),
  /** Which limit it is past. */
  reason: z.enum(['keepDays', 'keepGiB']),
});
/** A file a clean-up would remove. */
export type CleanUpFile = z.infer<typeof CleanUpFile>;

/** What a clean-up pass would remove now, per rule (the `cleanUp:preview` call's answer). */
export const CleanUpPreview = z.object({
  /** The settings the preview used: whether clean-up is on and a dry run. */
  enabled: z.boolean(),
  dryRun: z.boolean(),
  /** One entry per rule, in the order of `cleanUp.rules`, oldest file first. */
  rules: z.array(
    z.object({
      rule: z.number().int().nonnegative(),
      files: z.array(CleanUpFile),
      bytes: z.number().nonnegative(),
    }),
  ),
  /** Bytes of every rule's files together. */
  bytes: z.number().nonnegative(),
  /** What could not be read (a recording root missing, a recorder without one), in plain words. */
  problems: z.array(z.string()),
});
/** A clean-up preview. */
export type CleanUpPreview = z.infer<typeof CleanUpPreview>;
