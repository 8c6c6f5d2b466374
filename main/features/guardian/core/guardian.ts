import type {
  OpenProblem,
  ProblemCode,
  RecorderProblem,
  SessionReport,
} from '../../../../shared/problem';
import type { PolledRoom } from '../../../../shared/recorder/rest';
import type { RecorderWebhook } from '../../../../shared/recorder/webhook';
import type { RecorderSetting, Settings } from '../../../../shared/settings';
import type { Clock } from '../../../core/ports';
import { selectRooms } from '../../../core/recorder-reconcile';
import { DiskWatch, WriteRate } from './disk-runway';
import { EpisodeBook, episodeKey, type ProblemChange } from './episodes';
import { recorderWarning } from './log-warnings';
import { POLL_CODES, evaluateRoom, newTrack, type RoomTrack } from './poll-rules';
import { isIncomplete, sessionReport } from './session-report';
import { SessionTracker } from './sessions';

/** What the guardian needs: time, the settings in force, and where its findings go. */
export interface GuardianPorts {
  clock: Clock;
  settings: () => Settings;
  /** The watched recorder's settings (its room filter, its unreachable limit). */
  recorder: () => Pick<RecorderSetting, 'rooms' | 'unreachableNotifyAfterMinutes'>;
  /**
   * Whether another recorder records this room now (a hot standby): "live but not recording" is
   * raised only when no recorder that has the room records it.
   */
  recordedElsewhere?: (roomId: number) => boolean;
  /** A problem started or ended. */
  changed: (change: ProblemChange) => void;
  /** A session finished: its summary. */
  reported: (report: SessionReport) => void;
}

const DISK_KEY = episodeKey(undefined, 'disk-low');
const NOT_RECORDING = 1 << POLL_CODES.indexOf('not-recording');
const UNREACHABLE_KEY = episodeKey(undefined, 'recorder-unreachable');
// Problems of a moment (a log line, a finished session) stay open this long after they were seen.
const MOMENTARY: ReadonlySet<ProblemCode> = new Set(['recorder-warning', 'incomplete-session']);
// Inputs held for the write rate at most (a folder whose free space is never read): then fed at once.
const MAX_RATE_INPUTS = 1_000;

/**
 * The recording guardian's decisions, pure: rules per room and code over polls, webhooks, the
 * recorder's log and free disk space, kept as episodes (one start, one end). Every decision reads
 * time from the injected clock and thresholds from the settings at that moment.
 */
export class Guardian {
  readonly #ports: GuardianPorts;
  readonly #book: EpisodeBook;
  readonly #tracks = new Map<number, RoomTrack>();
  readonly #sessions = new SessionTracker();
  readonly #rate = new WriteRate();
  /** The write rate's inputs, fed to it when the disk check reads it: not on every webhook or poll. */
  readonly #rateInputs: ((rate: WriteRate) => void)[] = [];
  readonly #disk = new DiskWatch();
  readonly #lastSeen = new Map<string, number>();
  #unreachableSince: number | undefined;
  #polls = 0;

  constructor(ports: GuardianPorts) {
    this.#ports = ports;
    this.#book = new EpisodeBook(() => this.#ports.settings().guardian.quietMinutes * 60_000);
  }

  /** The open episodes now. */
  problems(): OpenProblem[] {
    return this.#book.list();
  }

  /** A good poll: every room the recorder returned (the settings' room filter applies here). */
  polled(all: readonly PolledRoom[]): void {
    const now = this.#ports.clock();
    const settings = this.#ports.settings();
    this.#apiAnswered();
    const s = settings.guardian;
    const rooms = selectRooms(all, this.#ports.recorder().rooms);
    const poll = ++this.#polls;
    let rate = 0;
    for (const room of rooms) {
      let track = this.#tracks.get(room.roomId);
      if (!track) {
        track = newTrack();
        this.#tracks.set(room.roomId, track);
      }
      track.seenInPoll = poll;
      if (room.recording) rate += room.stats?.writeBytesPerSecond ?? 0;
      let mask = s.enabled ? evaluateRoom(room, track, now, s) : 0;
      if (mask & NOT_RECORDING && this.#ports.recordedElsewhere?.(room.roomId))
        mask &= ~NOT_RECORDING;
      if (mask !== track.open) this.#applyMask(room.roomId, track, mask, now);
    }
    this.#rateInput((writeRate) => writeRate.polled(rate, now));
    // Rooms gone from the recorder (or from the selection) end their problems.
    for (const [roomId, track] of this.#tracks) {
      if (track.seenInPoll === poll) continue;
      this.#applyMask(roomId, track, 0, now);
      this.#tracks.delete(roomId);
    }
  }

  /** An accepted webhook (sessions, files, the write rate without polls). */
  webhook(webhook: RecorderWebhook): void {
    const now = this.#ports.clock();
    this.#sessions.webhook(webhook, now);
    if (webhook.type === 'FileClosed') {
      const bytes = webhook.data.FileSize;
      this.#rateInput((rate) => rate.fileClosed(bytes, now));
    }
    // StreamEnded names no session and may end several: a whole tick. Otherwise only the session
    // this webhook touched can have become reportable now; the 1 s tick does the rest, so a
    // webhook does not sweep every tracked session (issue 21: that sweep was the largest
    // allocation per webhook under load).
    if (webhook.type === 'StreamEnded') return this.tick();
    if (
      webhook.type !== 'SessionStarted' &&
      webhook.type !== 'FileOpening' &&
      webhook.type !== 'FileClosed' &&
      webhook.type !== 'SessionEnded'
    )
      return;
    const data = webhook.data;
    const s = this.#ports.settings().guardian;
    const noFileKey = episodeKey(data.RoomId, 'no-file');
    // A file opening ends the room's no-file problem at once, unless another of its sessions
    // still has none (a sweep only while such a problem is open: rare).
    if (
      this.#book.isOpen(noFileKey) &&
      !this.#sessions.noFileRooms(now, s.noFileSeconds * 1000).has(data.RoomId)
    )
      this.#emit(this.#book.end(noFileKey, now));
    const finished = this.#sessions.finishedNow(data.SessionId, now, s.reportWaitSeconds * 1000);
    if (finished) this.#report(finished, now);
  }

  /** New entries of the recorder's log (raw JSON objects), read by cursor. */
  logEntries(entries: readonly unknown[]): void {
    const now = this.#ports.clock();
    const s = this.#ports.settings().guardian;
    this.#apiAnswered();
    if (!s.enabled || !s.recorderWarnings) return;
    for (const raw of entries) {
      const warning = recorderWarning(raw);
      if (warning) this.#warned({ warning: warning.kind, roomId: warning.roomId }, now);
    }
  }

  /**
   * A problem the recorder told of itself in an event (blrec's full disk or error, DDTV's expired
   * login): a recorder warning, one alert per episode however often it is told; each error name
   * is its own.
   */
  recorderProblem(problem: RecorderProblem): void {
    if (this.#ports.settings().guardian.enabled) this.#warned(problem, this.#ports.clock());
  }

  #rateInput(input: (rate: WriteRate) => void): void {
    this.#rateInputs.push(input);
    if (this.#rateInputs.length >= MAX_RATE_INPUTS) this.#feedRate(); // no disk check of late
  }

  #feedRate(): void {
    for (const input of this.#rateInputs.splice(0)) input(this.#rate);
  }

  #warned({ warning, roomId, facts }: RecorderProblem, now: number): void {
    const key = episodeKey(roomId, 'recorder-warning', `${warning}:${facts?.errorName ?? ''}`);
    this.#lastSeen.set(key, now);
    this.#emit(this.#book.start(key, 'recorder-warning', roomId, now, { ...facts, warning }));
  }

  /** A free-space sample of the recording folder's file system. */
  diskSample(freeBytes: number): void {
    const now = this.#ports.clock();
    const s = this.#ports.settings().guardian;
    this.#feedRate();
    const verdict = this.#disk.evaluate(freeBytes, this.#rate.rate(now), s);
    if (!s.enabled || !verdict.low) {
      this.#emit(this.#book.end(DISK_KEY, now));
      return;
    }
    if (!this.#book.isOpen(DISK_KEY)) {
      this.#emit(this.#book.start(DISK_KEY, 'disk-low', undefined, now, verdict.facts));
      this.#disk.alerted(verdict.facts);
    } else if (verdict.halved) {
      this.#emit(this.#book.repeat(DISK_KEY, now, verdict.facts));
      this.#disk.alerted(verdict.facts);
    } else {
      this.#book.start(DISK_KEY, 'disk-low', undefined, now, verdict.facts); // refreshes facts
    }
  }

  /** The recorder's API could not be reached (a failed call of the guardian's own). */
  unreachable(): void {
    const now = this.#ports.clock();
    const settings = this.#ports.settings();
    this.#unreachableSince ??= now;
    const limitMs = this.#ports.recorder().unreachableNotifyAfterMinutes * 60_000;
    if (!settings.guardian.enabled || limitMs <= 0) return;
    if (now - this.#unreachableSince >= limitMs) {
      this.#emit(this.#book.start(UNREACHABLE_KEY, 'recorder-unreachable', undefined, now));
    }
  }

  /** Time-driven rules: sessions without a file, reports due, momentary problems that aged out. */
  tick(): void {
    const now = this.#ports.clock();
    const s = this.#ports.settings().guardian;
    const due = this.#sessions.due(now, s.noFileSeconds * 1000, s.reportWaitSeconds * 1000);
    for (const roomId of due.noFile) {
      if (s.enabled)
        this.#emit(this.#book.start(episodeKey(roomId, 'no-file'), 'no-file', roomId, now));
    }
    for (const key of this.#book.openKeys()) {
      const problem = this.#book.get(key);
      if (!problem) continue;
      if (problem.code === 'no-file' && !due.noFile.has(problem.roomId ?? 0)) {
        this.#emit(this.#book.end(key, now));
      } else if (MOMENTARY.has(problem.code)) {
        const seen = this.#lastSeen.get(key) ?? problem.since;
        if (now - seen >= s.warningMinutes * 60_000) {
          this.#lastSeen.delete(key);
          this.#emit(this.#book.end(key, now));
        }
      }
    }
    for (const finished of due.finished) this.#report(finished, now);
  }

  #report(finished: Parameters<typeof sessionReport>[0], now: number): void {
    const s = this.#ports.settings().guardian;
    const report = sessionReport(finished, s.gapSeconds);
    this.#ports.reported(report);
    if (!s.enabled || !isIncomplete(report, s.minCoverage)) return;
    const key = episodeKey(report.roomId, 'incomplete-session');
    this.#lastSeen.set(key, now);
    const facts = {
      coverage: report.coverage,
      gaps: report.gaps,
      longestGapSeconds: report.longestGapSeconds,
    };
    this.#emit(this.#book.start(key, 'incomplete-session', report.roomId, now, facts));
  }

  // The API answered (a poll, a log read): an unreachable episode, if any, is over.
  #apiAnswered(): void {
    this.#unreachableSince = undefined;
    this.#emit(this.#book.end(UNREACHABLE_KEY, this.#ports.clock()));
  }

  #applyMask(roomId: number, track: RoomTrack, mask: number, now: number): void {
    for (let bit = 0; bit < POLL_CODES.length; bit++) {
      const flag = 1 << bit;
      if ((mask & flag) === (track.open & flag)) continue;
      const code = POLL_CODES[bit]!;
      const key = episodeKey(roomId, code);
      this.#emit(mask & flag ? this.#book.start(key, code, roomId, now) : this.#book.end(key, now));
    }
    track.open = mask;
  }

  #emit(change: ProblemChange | undefined): void {
    if (change) this.#ports.changed(change);
  }
}
