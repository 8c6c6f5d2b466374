import { formatRecorderTimestamp } from '../../../shared/recorder/timestamp';
import type { LogWarningKind } from '../../../shared/problem';

// The templates and properties the recorder logs them with (BililiveRecorder 2.11,
// StandardRecordTask and PollyPolicy; the fixture rest-GET-api-log-fetch.after-cursor.json).
const WARNINGS: Record<LogWarningKind, { template: string; context: string; extra?: object }> = {
  stuck: {
    template: '检测到录制卡住，可能是网络或硬盘原因，将会主动断开连接',
    context: 'BililiveRecorder.Core.Recording.StandardRecordTask',
  },
  'io-error': {
    template: '录制时发生IO错误',
    context: 'BililiveRecorder.Core.Recording.StandardRecordTask',
    extra: { '@x': 'System.IO.IOException: No space left on device' },
  },
  blocked: {
    template: '检测到被屏蔽(HTTP 412)，暂停发送请求',
    context: 'BililiveRecorder.Core.PollyPolicy',
  },
  'low-quality': {
    template: '返回的直播流地址的画质是 {CurrentQn} 而不是请求的 {SelectedQn}',
    context: 'BililiveRecorder.Core.Recording.StandardRecordTask',
    extra: { CurrentQn: 150, SelectedQn: 10000 },
  },
};
const KEPT = 100;

/**
 * The recorder's in-memory log as `GET /api/log/fetch?after=<cursor>` serves it: the newest 100
 * entries (Serilog compact JSON, embedded raw, each followed by the formatter's newline), the
 * newest id as `cursor`, `continuous` false when entries after the cursor were dropped.
 */
export class RecorderLog {
  readonly #entries: { id: number; json: string }[] = [];
  #nextId = 1;
  /** How many times the log was fetched (tests wait for the reader's first look). */
  fetches = 0;

  /** Adds one entry (`@l` absent for Information, as Serilog writes it). */
  add(template: string, properties: Record<string, unknown> = {}, level?: string): void {
    const entry = {
      '@t': formatRecorderTimestamp(Date.now(), 480, 1234),
      '@mt': template,
      ...(level ? { '@l': level } : {}),
      ...properties,
    };
    this.#entries.push({ id: this.#nextId++, json: JSON.stringify(entry) });
    if (this.#entries.length > KEPT) this.#entries.shift();
  }

  /** Logs one of the recorder's trouble warnings (the 412 block carries no RoomId). */
  warn(kind: LogWarningKind, roomId?: number): void {
    const w = WARNINGS[kind];
    const room = kind === 'blocked' || roomId === undefined ? {} : { RoomId: roomId };
    this.add(w.template, { ...w.extra, ...room, SourceContext: w.context }, 'Warning');
  }

  /** The response body for `after` (undefined: everything kept, and not continuous). */
  fetchBody(after: number | undefined): string {
    this.fetches += 1;
    const cursor = this.#nextId - 1;
    const logs = this.#entries.filter((e) => after === undefined || e.id > after);
    const first = this.#entries[0];
    const continuous =
      after !== undefined && (first === undefined || first.id <= after + 1 || after >= cursor);
    const body = logs.map((e) => `${e.json}\n`).join(',');
    return `{"continuous":${continuous},"cursor":${cursor},"logs":[${body}]}`;
  }
}
