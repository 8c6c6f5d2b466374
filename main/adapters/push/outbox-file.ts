import { open, readFile, type FileHandle } from 'node:fs/promises';
import * as z from 'zod';
import { RoomPictures } from '../../../shared/model';
import { PushFailure, PushRecord } from '../../../shared/push';
import { Language } from '../../../shared/settings';
import { errorCode, errorMessage } from '../../core/log-text';
import { parseJsonText } from '../../../shared/parse';
import { writeFileAtomic } from '../atomic-write';

/** File name of the push outbox inside the data directory. */
export const OUTBOX_FILE = 'push-outbox.jsonl';

/** One push waiting to go out: a notification's message for one target. */
export const OutboxItem = z.object({
  id: z.string(),
  notificationId: z.string(),
  /** The target's URL as set (with its token: the file is private, 0600, like the settings). */
  url: z.string(),
  message: z.object({
    title: z.string(),
    body: z.string(),
    click: z.string().optional(),
    pictures: RoomPictures.optional(),
    language: Language.optional(),
    facts: z.record(z.string(), z.string()).optional(),
  }),
  /** Epoch ms of the first attempt: the hour of retries counts from here. */
  firstAt: z.number(),
  /** The happening's key (AppNotification.key), when a journaled webhook revealed it. */
  key: z.string().optional(),
});
/** A push waiting in the outbox. */
export type OutboxItem = z.infer<typeof OutboxItem>;

const Line = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), item: OutboxItem }),
  z.object({
    op: z.literal('try'),
    id: z.string(),
    at: z.number(),
    attempts: z.number(),
    reason: PushFailure,
  }),
  z.object({ op: z.literal('done'), id: z.string(), record: PushRecord }),
  // What compaction keeps of settled pushes: which happening went to which target.
  z.object({ op: z.literal('seen'), pushes: z.array(z.string()) }),
]);
type Line = z.infer<typeof Line>;

/** A pending push as loaded, with how often it was tried. */
export interface PendingPush {
  item: OutboxItem;
  attempts: number;
  lastTryAt?: number;
  lastReason?: PushFailure;
}

/** Lines past which the outbox is rewritten with only what is pending. */
const COMPACT_AFTER_LINES = 500;
/** Settled pushes remembered by happening key (a recovery run must not push one again). */
const SEEN_LIMIT = 2000;

const seenKey = (key: string, url: string) => `${key}\n${url}`;

/**
 * The push outbox: one JSON line per queued push, per failed attempt and per settled push. The
 * queue and settle lines are fsynced before the call resolves (as the journal's are), so a push
 * is queued before it is sent, and recorded as sent before it could be sent again; only a crash
 * between a send and its record repeats it. Attempt lines are not synced: losing one costs a
 * retry sooner than planned, not a push.
 */
export class OutboxFile {
  readonly #path: string;
  readonly #warn: (message: string) => void;
  #handle: FileHandle | undefined;
  #queue: Promise<void> = Promise.resolve();
  #lines = 0;
  readonly #pending = new Map<string, PendingPush>();
  readonly #seen = new Set<string>();
  #failing = false;

  constructor(path: string, onWarning: (message: string) => void) {
    this.#path = path;
    this.#warn = onWarning;
  }

  /** Reads the outbox and returns what is still to be pushed, oldest first; never throws. */
  async load(): Promise<PendingPush[]> {
    let text = '';
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT')
        this.#warn(`push outbox: cannot read: ${errorMessage(error)}`);
    }
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      const json = parseJsonText(raw);
      const line = json.ok ? Line.safeParse(json.value) : undefined;
      if (!line?.success) continue; // a line cut by a crash: the push it began is re-queued or lost
      this.#apply(line.data);
    }
    await this.#rewrite();
    return [...this.#pending.values()];
  }

  /**
   * Whether this happening (by its key) was already queued for this target: after a crash, the
   * journal's recovery may decide it again, and the phone must not hear it twice.
   */
  has(key: string, url: string): boolean {
    return this.#seen.has(seenKey(key, url));
  }

  /** What is pending now. */
  pending(): PendingPush[] {
    return [...this.#pending.values()];
  }

  /** Queues a push; resolves once the line is on disk. */
  add(item: OutboxItem): Promise<void> {
    return this.#write({ op: 'add', item }, true);
  }

  /** Notes a failed attempt that will be retried. */
  tried(id: string, at: number, attempts: number, reason: PushFailure): Promise<void> {
    return this.#write({ op: 'try', id, at, attempts, reason }, false);
  }

  /** Settles a push (sent or failed); resolves once the line is on disk. */
  done(id: string, record: PushRecord): Promise<void> {
    return this.#write({ op: 'done', id, record }, true);
  }

  /** Finishes queued writes and closes the file. */
  async close(): Promise<void> {
    await this.#enqueue(async () => {
      await this.#handle?.close();
      this.#handle = undefined;
    });
  }

  #apply(line: Line): void {
    if (line.op === 'add') {
      this.#pending.set(line.item.id, { item: line.item, attempts: 0 });
      if (line.item.key !== undefined) this.#remember(seenKey(line.item.key, line.item.url));
    } else if (line.op === 'done') this.#pending.delete(line.id);
    else if (line.op === 'seen') for (const push of line.pushes) this.#remember(push);
    else {
      const pending = this.#pending.get(line.id);
      if (pending) {
        pending.attempts = line.attempts;
        pending.lastTryAt = line.at;
        pending.lastReason = line.reason;
      }
    }
  }

  #remember(push: string): void {
    this.#seen.add(push);
    if (this.#seen.size > SEEN_LIMIT) this.#seen.delete(this.#seen.values().next().value!);
  }

  #write(line: Line, durable: boolean): Promise<void> {
    this.#apply(line);
    return this.#enqueue(async () => {
      if (this.#lines >= COMPACT_AFTER_LINES) await this.#rewrite();
      // Private like the rest of the data directory: the URLs carry tokens.
      this.#handle ??= await open(this.#path, 'a', 0o600);
      await this.#handle.write(`${JSON.stringify(line)}\n`);
      if (durable) await this.#handle.datasync();
      this.#lines += 1;
    });
  }

  // Keeps only the pending pushes (and their attempt counts): a settled push's lines are history.
  async #rewrite(): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
    const lines: string[] = [];
    if (this.#seen.size > 0)
      lines.push(JSON.stringify({ op: 'seen', pushes: [...this.#seen] } satisfies Line));
    for (const { item, attempts, lastTryAt, lastReason } of this.#pending.values()) {
      lines.push(JSON.stringify({ op: 'add', item } satisfies Line));
      if (attempts > 0 && lastTryAt !== undefined)
        lines.push(
          JSON.stringify({
            op: 'try',
            id: item.id,
            at: lastTryAt,
            attempts,
            reason: lastReason ?? 'unreachable',
          } satisfies Line),
        );
    }
    try {
      await writeFileAtomic(this.#path, lines.map((l) => `${l}\n`).join(''));
      this.#lines = lines.length;
    } catch (error) {
      this.#warn(`push outbox: cannot rewrite: ${errorMessage(error)}`);
    }
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task);
    this.#queue = run.then(
      () => {
        this.#failing = false;
      },
      (error: unknown) => {
        // One warning per run of failures: a full disk must not flood the log.
        if (!this.#failing) this.#warn(`push outbox: cannot write: ${errorMessage(error)}`);
        this.#failing = true;
      },
    );
    return run;
  }
}
