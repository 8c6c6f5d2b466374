import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { seededRandom } from '../fakes/fake-recorder/rooms';
import { startApp, stopApps } from '../fakes/app-harness';
import { MAX_JSON_DEPTH } from '../../main/adapters/webhook-listener/request-body';
import { fixtureJson, fixtureNames } from '../helpers/fixtures';
import { bendOnce, ODD_VALUES, pick } from '../helpers/fuzz';
import { postWebhook, rawRequest } from '../helpers/http';
import { parseCallResponse } from '../../shared/ipc-contract';

// "No input crashes the app": real recorder bodies, bent at random (a seeded stream; re-run one
// with FUZZ_SEED=<n>), and raw bytes no recorder sends, posted to the real listener of the app
// object on real files. Each gets an answer the recorder understands, the app goes on answering,
// nothing throws inside it, and it starts again from what it journaled.

const SEED = Number(process.env.FUZZ_SEED ?? 21_25);
const BENT_BODIES = 400;

afterEach(stopApps);

/** The recorder's webhook bodies the project keeps, real and synthesized. */
const SOURCES: unknown[] = ['real', 'synthesized']
  .flatMap((folder) => fixtureNames(folder, 'webhook-'))
  .map((name) => fixtureJson(name));

const EVENT_TYPES = [
  'StreamStarted',
  'SessionStarted',
  'FileOpening',
  'FileClosed',
  'SessionEnded',
  'StreamEnded',
  'SomethingNew',
  '',
  'constructor',
  '__proto__',
];

/** Bytes no recorder sends: broken JSON, broken UTF-8, JSON that is no object, deep nesting. */
const RAW_BODIES: (string | Buffer)[] = [
  '{"EventType":"FileClosed","EventData":{"RoomId":23058',
  Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"EventType":"StreamStarted"}')]),
  'null',
  '[]',
  '"a string"',
  '0',
  '1e999',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `{"EventType":"StreamStarted","EventId":"${randomUUID()}","EventData":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
  `{"__proto__":{"polluted":true},"EventType":"StreamStarted","EventId":"${randomUUID()}","EventTimestamp":"2024-03-17T20:37:03.677+08:00","EventData":{"__proto__":{"polluted":true},"RoomId":23058,"ShortId":0,"Name":"n","Title":"t"}}`,
];

/**
 * A body the recorder would take with deep values in fields nobody reads, compact and
 * pretty-printed: refused past the listener's limit, taken (and handled after) within it.
 */
const DEEP_BODIES: [body: string, status: number][] = [20_000, MAX_JSON_DEPTH - 10].flatMap(
  (depth) =>
    [' ', '\n  '].map((gap): [string, number] => [
      `{"EventType":"StreamStarted","EventId":"${randomUUID()}","EventTimestamp":"2024-03-17T20:37:03.677+08:00",${gap}"Deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},${gap}"EventData":{"RoomId":23058,"ShortId":0,"Name":"n","Title":"t","Deep":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`,
      depth > MAX_JSON_DEPTH ? 422 : 204,
    ]),
);

/** One recorder body bent by one to four changes; most get fresh ids, so they are not duplicates. */
function bentBody(random: () => number): string {
  const body = structuredClone(pick(random, SOURCES)) as Record<string, unknown>;
  const changes = 1 + Math.floor(random() * 4);
  for (let i = 0; i < changes; i++) {
    const change = random();
    if (change < 0.85) bendOnce(random, body, ODD_VALUES);
    else if (change < 0.95) body.EventType = pick(random, EVENT_TYPES);
    else body.EventData = structuredClone(pick(random, ODD_VALUES));
  }
  if (random() < 0.8) {
    if ('EventId' in body) body.EventId = randomUUID();
    if ('EventRandomId' in body) body.EventRandomId = randomUUID();
  }
  return JSON.stringify(body);
}

it('bent and broken bodies each get a 2xx or a 4xx; the app goes on, nothing throws inside it, and it starts again from its journal', async () => {
  const random = seededRandom(SEED);
  const h = await startApp({ settings: { notifications: { groupWindowSeconds: 0 } } });
  const statuses = new Map<number, number>();
  const bodies = [...Array.from({ length: BENT_BODIES }, () => bentBody(random)), ...RAW_BODIES];
  for (const body of bodies) {
    const { status } = await postWebhook(h.webhookUrl, body);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  for (const [body, status] of DEEP_BODIES)
    expect((await postWebhook(h.webhookUrl, body)).status).toBe(status);
  const answered = [...statuses.keys()].sort();
  expect(
    answered.every((s) => [204, 400, 413, 422].includes(s)),
    `answers: ${answered}`,
  ).toBe(true);
  // The stream reaches both sides: accepted events and refused ones.
  expect(statuses.get(204)).toBeGreaterThan(BENT_BODIES / 10);
  expect((statuses.get(400) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(BENT_BODIES / 10);

  // Still answering, and counting every delivery once.
  const health = await rawRequest(h.webhookUrl.replace(/\/webhook.*$/, '/health'));
  expect(health.status).toBe(200);
  const { webhooks } = health.json() as {
    webhooks: { accepted: number; duplicates: number; rejected: number };
  };
  expect(webhooks.accepted + webhooks.duplicates + webhooks.rejected).toBe(
    bodies.length + DEEP_BODIES.length,
  );
  expect(webhooks.accepted).toBeGreaterThan(0);

  // What the window reads works on what was accepted.
  const all = { limit: 1000, offset: 0 };
  await vi.waitFor(async () =>
    expect((await h.app.handlers['eventLog:page'](all)).total).toBe(
      webhooks.accepted + webhooks.duplicates,
    ),
  );
  // The lists the window reads hold what the contract promises: bent bodies became decisions and
  // files the window can show, not half-read ones.
  const notifications = parseCallResponse(
    'history:notifications',
    await h.app.handlers['history:notifications'](all),
  );
  const files = parseCallResponse('history:files', await h.app.handlers['history:files'](all));
  expect(notifications).toMatchObject({ ok: true });
  expect(files).toMatchObject({ ok: true });
  const noted = notifications.ok ? notifications.value.total : -1;
  const listed = files.ok ? files.value.total : -1;
  expect(noted).toBeGreaterThan(0);
  expect(listed).toBeGreaterThan(0);
  expect(parseCallResponse('state:get', h.app.state())).toMatchObject({ ok: true });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(h.log.lines.filter((line) => line.startsWith('error'))).toEqual([]);

  // A start from the same folder replays the journal of those bodies.
  await stopApps();
  const again = await startApp({ dataDir: h.dataDir });
  expect(again.started?.ok).toBe(true);
  expect((await again.app.handlers['eventLog:page'](all)).total).toBe(
    webhooks.accepted + webhooks.duplicates,
  );
  // Nothing decided is lost or decided twice by the replay.
  expect((await again.app.handlers['history:notifications'](all)).total).toBe(noted);
  expect((await again.app.handlers['history:files'](all)).total).toBe(listed);
  expect(again.log.lines.filter((line) => line.startsWith('error'))).toEqual([]);
}, 120_000);
