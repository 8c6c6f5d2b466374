import type * as z from 'zod';
import { safeParseUnknown, type ParseResult } from '../../../../shared/parse';
import type { ProblemFacts } from '../../../../shared/problem';

/** What a recorder of another kind says about a room (what it leaves out the app may know). */
export interface RoomFacts {
  roomId: number;
  /** Another platform's room (shared/platforms.ts): its platform and its own key; absent: bilibili. */
  platform?: string;
  platformRoom?: string;
  name?: string;
  title?: string;
  shortId?: number;
  areaParent?: string;
  areaChild?: string;
}

/** A problem of the recorder itself, for the guardian: full disk, an error, an expired login. */
type KindProblem = 'disk-low' | 'recorder-error' | 'login-expired';

/**
 * One happening read from another recorder's event, in the app's own terms. `key` is what makes
 * it the same happening when it comes again: the recorder's event id where it has one, otherwise
 * built from what the event carries (docs/other-recorders.md, "Dedupe").
 */
export type KindEvent =
  | {
      type: 'StreamStarted' | 'StreamEnded' | 'RoomChanged';
      key: string;
      at: string;
      room: RoomFacts;
    }
  | {
      type: 'SessionStarted' | 'SessionEnded';
      key: string;
      at: string;
      room: RoomFacts;
      /** Built from the session's own facts, so its start and its end name the same session. */
      session: string;
    }
  | {
      type: 'FileClosed';
      key: string;
      at: string;
      room: RoomFacts;
      /** The path as the recorder wrote it (absolute, maybe a Windows path). */
      path: string;
      /** Bytes, when the recorder says (DDTV does for a session, not per file: never here). */
      size?: number;
    }
  | {
      type: 'Problem';
      at: string;
      problem: KindProblem;
      roomId?: number;
      /** The line logged. */
      detail: string;
      /** The numbers and name the recorder sent, for the guardian's alert. */
      facts?: ProblemFacts;
    };

/** A parsed event: its happenings (none: a known event this app has no use for), or why not. */
export type KindParse = ParseResult<KindEvent[]>;

/** When the event reached this app (epoch ms): the time of events that carry none. */
export interface KindParseContext {
  receivedAt: number;
}

/** An event's `data` parsed with `schema` into its happenings; a refused field is named under `data.`. */
export function fromData<T>(
  schema: z.ZodType<T>,
  data: unknown,
  make: (value: T) => KindEvent[],
): KindParse {
  const parsed = safeParseUnknown(schema, data);
  if (!parsed.ok) return { ok: false, reasons: parsed.reasons.map((r) => `data.${r}`) };
  return { ok: true, value: make(parsed.value) };
}
