// Times the window in Chromium: first render with 500 rooms, a one-room state update, and the
// Files view over 1,000 finished files, each next to the same measurement on an empty app in the
// same run. The window runs from dist/renderer (built if missing or stale) against a fake
// `window.recorderTray` filled with generated data, so the figures are the UI's own cost: no
// IPC, no HTTP, no core. Targets: first render under 200 ms, one-room update under 16 ms.
// Run: npm run bench:window
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sampleAppState } from '../test/fakes/app-state-sample';
import { launchChromium } from '../test/helpers/chromium';
import { ensureRendererBuilt, rendererBuildIsStale } from '../test/helpers/renderer-build';
import type { AppState } from '../shared/app-state';
import type { HistoryNotification } from '../shared/history';
import type { HistoryFileItem } from '../shared/ipc-contract';
import type { EventLogEntry, RoomState } from '../shared/model';
import { Settings } from '../shared/settings';
import { median, quantile } from './support/quantile';

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist', 'renderer');
const LOADS = 7;
const UPDATES = 60;

// ---- generated data -------------------------------------------------------------------------

const NAMES = ['七海', '雪糕', '白鹭', '月兔', '云猫', 'Kira', '夜鹿', '阿梨'];
const TITLES = [
  '【歌回】深夜点歌',
  '崩铁启动',
  '赢一把就下播',
  'Minecraft 生存 Day 12',
  '杂谈 🎉 生日会',
];

function room(i: number, now: number): RoomState {
  const recording = i % 10 === 0;
  const streaming = recording || i % 4 === 0;
  return {
    roomId: 21_000_000 + i * 7,
    shortId: i % 9 === 0 ? i + 1 : 0,
    name: `${NAMES[i % NAMES.length]}${i}`,
    title: TITLES[i % TITLES.length]!,
    areaNameParent: '虚拟主播',
    areaNameChild: '虚拟日常',
    streaming,
    recording,
    danmakuConnected: streaming,
    ...(recording
      ? {
          stats: {
            sessionDurationMs: 3_600_000 + i * 1000,
            currentFileSize: 800_000_000 + i,
            networkMbps: 3.8,
            durationRatio: 1.01,
          },
        }
      : {}),
    updatedAt: now,
  };
}

function file(i: number, rooms: RoomState[]): HistoryFileItem {
  const r = rooms[i % rooms.length]!;
  const relativePath = `${r.roomId}-${r.name}/录制-${r.roomId}-20240317-${String(i).padStart(6, '0')}-${r.title}.flv`;
  return {
    roomId: r.roomId,
    relativePath,
    name: r.name,
    title: r.title,
    fileSize: 400_000_000 + i * 1000,
    durationSeconds: 2918.6,
    finished: true,
    finishedAt: 1_710_000_000_000 - i * 60_000,
    exists: i % 17 !== 0,
  };
}

function notification(i: number, rooms: RoomState[]): HistoryNotification {
  const r = rooms[i % rooms.length]!;
  return {
    notification: {
      id: `n${i}`,
      event: 'StreamStarted',
      roomIds: [r.roomId],
      title: `${r.name} 开播了`,
      body: r.title,
      createdAt: 1_710_000_000_000 - i * 60_000,
    },
    decision: i % 4 ? { shown: true } : { shown: false, reason: 'grouped' },
    read: i > 20,
  };
}

function event(i: number, rooms: RoomState[]): EventLogEntry {
  const r = rooms[i % rooms.length]!;
  return {
    entryId: 5000 - i,
    receivedAt: 1_710_000_000_000 - i * 10_000,
    source: 'webhook',
    eventType: 'StreamStarted',
    eventId: `e${i}`,
    roomId: r.roomId,
    duplicate: false,
    body: { EventType: 'StreamStarted', EventData: { RoomId: r.roomId, Name: r.name } },
  };
}

/** Everything the fake API serves. */
interface FakeData {
  state: AppState;
  settings: Settings;
  files: HistoryFileItem[];
  notifications: HistoryNotification[];
  events: EventLogEntry[];
}

function generate(roomCount: number, fileCount: number): FakeData {
  const now = Date.now();
  const rooms = Array.from({ length: roomCount }, (_, i) => room(i, now));
  const any = rooms.length > 0 ? rooms : [room(0, now)];
  return {
    state: sampleAppState({
      rooms,
      recorder: { status: 'ok', message: 'Connected to the recorder.' },
      unreadCount: roomCount > 0 ? 21 : 0,
      language: 'zh-CN',
    }),
    settings: Settings.parse({ recordingRoot: '/rec' }),
    files: Array.from({ length: fileCount }, (_, i) => file(i, any)),
    notifications: Array.from({ length: Math.min(fileCount, 1000) }, (_, i) =>
      notification(i, any),
    ),
    events: Array.from({ length: Math.min(fileCount, 1000) }, (_, i) => event(i, any)),
  };
}

// ---- the page side: a fake window.recorderTray and the probes ------------------------------

/** Runs in the page before its scripts: installs the fake API and a probe for first content. */
function installFakeApi(data: FakeData): void {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const probe = { stateServedAt: -1, contentAt: -1 };
  const page = <T>(
    items: T[],
    query: { limit?: number; offset?: number; roomId?: number; text?: string },
    text: (item: T) => string,
    roomOf: (item: T) => number,
  ) => {
    const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = items.filter(
      (item) =>
        (query.roomId === undefined || roomOf(item) === query.roomId) &&
        words.every((w) => text(item).toLowerCase().includes(w)),
    );
    const offset = query.offset ?? 0;
    return { items: matching.slice(offset, offset + (query.limit ?? 50)), total: matching.length };
  };
  const ok = async () => ({ ok: true });
  const api = {
    stateGet: async () => {
      probe.stateServedAt = performance.now();
      return data.state;
    },
    settingsGet: async () => data.settings,
    settingsUpdate: async () => ({ ok: true, settings: data.settings }),
    historyFiles: async (q: Record<string, never>) =>
      page(
        data.files,
        q,
        (f) => `${f.relativePath} ${f.name} ${f.title}`,
        (f) => f.roomId,
      ),
    historyNotifications: async (q: Record<string, never>) =>
      page(
        data.notifications,
        q,
        (n) => `${n.notification.title} ${n.notification.body}`,
        (n) => n.notification.roomIds[0] ?? 0,
      ),
    eventLogPage: async (q: Record<string, never>) =>
      page(
        data.events,
        q,
        (e) => e.eventType,
        (e) => e.roomId ?? 0,
      ),
    historyMarkRead: async () => ({ unreadCount: 0 }),
    fileOpen: ok,
    fileShowInFolder: ok,
    linkOpen: ok,
    eventLogReplay: ok,
    testSendEvent: ok,
    recorderCheck: async () => ({
      status: 'ok',
      message: 'Connected to the recorder.',
      version: '2.11.1',
      webhooks: 'set',
    }),
    recorderConnect: async () => ({ ok: true, message: 'Connected.', webhooks: 'set' }),
    notificationsPause: async () => ({ pausedUntil: null }),
    appInfo: async () => ({
      version: '0.1.0',
      platform: 'bench',
      dataDir: '/tmp',
      logsDir: '/tmp',
    }),
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  Object.assign(window, {
    recorderTray: api,
    benchProbe: probe,
    benchEmit: (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  });
  // First content: a room row or the empty message, with style and layout done.
  new MutationObserver((_, observer) => {
    if (document.querySelector('.room, .empty') === null) return;
    void document.body.offsetHeight;
    probe.contentAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** In the page: pushes `count` state updates, each changing one room, and times each to layout. */
function timeUpdates(count: number): Promise<number[]> {
  const w = window as unknown as {
    benchEmit: (e: string, p: unknown) => void;
    recorderTray: { stateGet(): Promise<AppState> };
  };
  const macrotask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  return w.recorderTray.stateGet().then(async (base) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      // A fresh copy of every room, as a push over IPC or SSE delivers them.
      const rooms: RoomState[] = structuredClone(base.rooms);
      const target = rooms.length > 0 ? rooms[(i * 37) % rooms.length]! : undefined;
      if (target) {
        target.title = `${target.title.split(' #')[0]} #${i}`;
        if (target.stats)
          target.stats = {
            ...target.stats,
            sessionDurationMs: target.stats.sessionDurationMs + 1000,
            currentFileSize: target.stats.currentFileSize + 500_000,
          };
      }
      const next = { ...base, rooms, unreadCount: base.unreadCount + (rooms.length === 0 ? i : 0) };
      await macrotask();
      const started = performance.now();
      w.benchEmit('state:changed', next);
      await macrotask(); // Preact renders in a microtask; this runs after it
      void document.body.offsetHeight; // and style and layout
      times.push(performance.now() - started);
    }
    return times;
  });
}

/** In the page: opens the Files view and times it until its rows (or empty message) are laid out. */
function timeFilesView(): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (document.querySelector('#panel-files .file, #panel-files .empty') === null) return;
      void document.body.offsetHeight;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(document, { childList: true, subtree: true });
    document.getElementById('tab-files')?.click();
  });
}

// ---- node side ------------------------------------------------------------------------------

function ensureBuilt(): void {
  if (rendererBuildIsStale()) console.log('bench:window: building the window (npm run build)…');
  ensureRendererBuilt();
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves dist/renderer on loopback (module scripts do not load from file://). */
async function serve(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const path = normalize(
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname),
    ).replace(/^(\.\.[/\\])+/, '');
    const file = join(DIST, path === '/' ? 'index.html' : path);
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => server.close(),
  };
}

interface Figures {
  navToContent: number[];
  dataToContent: number[];
  updates: number[];
  filesView: number[];
}

async function measure(browser: Browser, url: string, data: FakeData): Promise<Figures> {
  const figures: Figures = { navToContent: [], dataToContent: [], updates: [], filesView: [] };
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext({ viewport: { width: 480, height: 680 } });
    const page: Page = await context.newPage();
    // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(…)` calls; the
    // functions sent to the page need that helper there too.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.addInitScript(installFakeApi, data);
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { benchProbe: { contentAt: number } }).benchProbe.contentAt >= 0,
    );
    const probe = await page.evaluate(
      () =>
        (window as unknown as { benchProbe: { stateServedAt: number; contentAt: number } })
          .benchProbe,
    );
    figures.navToContent.push(probe.contentAt);
    figures.dataToContent.push(probe.contentAt - probe.stateServedAt);
    if (load === 0) figures.updates = await page.evaluate(timeUpdates, UPDATES);
    figures.filesView.push(await page.evaluate(timeFilesView));
    await context.close();
  }
  return figures;
}

const p95 = (values: number[]) => quantile(values, 0.95);
const ms = (value: number) => `${value.toFixed(1)} ms`;

ensureBuilt();
const server = await serve();
const browser = await launchChromium();
try {
  const version = browser.version();
  // Warm-up load: the first page of a fresh browser pays for its own start.
  await measure(browser, server.url, generate(0, 0)).catch(() => undefined);
  const empty = await measure(browser, server.url, generate(0, 0));
  const full = await measure(browser, server.url, generate(500, 1000));
  type Row = [string, string, string, string];
  const row = (label: string, of: (figures: Figures) => number, target = ''): Row => [
    label,
    ms(of(empty)),
    ms(of(full)),
    target,
  ];
  const max = (values: number[]) => Math.max(...values);
  const rows: Row[] = [
    row('navigation → first content (median)', (f) => median(f.navToContent)),
    row(
      'first render: state → rooms on screen (median)',
      (f) => median(f.dataToContent),
      '< 200 ms',
    ),
    row('first render: state → rooms on screen (max)', (f) => max(f.dataToContent), '< 200 ms'),
    row('one-room update → laid out (median)', (f) => median(f.updates), '< 16 ms'),
    row('one-room update → laid out (p95)', (f) => p95(f.updates), '< 16 ms'),
    row('one-room update → laid out (max)', (f) => max(f.updates)),
    row('Files view: click → page of 50 laid out (median)', (f) => median(f.filesView), '< 200 ms'),
  ];
  console.log(
    `bench:window — Chromium ${version}, fake window.recorderTray with generated data, window 480×680`,
  );
  console.log(
    `${LOADS} page loads per column; ${UPDATES} one-room state pushes (all 500 rooms re-sent, as main does)\n`,
  );
  const header: Row = ['', 'baseline: empty app', '500 rooms, 1,000 files', 'target'];
  const widths = header.map((_, c) => Math.max(...[header, ...rows].map((r) => r[c]!.length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join('   '),
    );
  const pass = median(full.dataToContent) < 200 && p95(full.updates) < 16;
  console.log(
    `\n${pass ? 'within' : 'OVER'} target (first render median < 200 ms, update p95 < 16 ms)`,
  );
} finally {
  await browser.close();
  server.close();
}
