import { afterEach, describe, expect, it } from 'vitest';
import { RecorderClient } from '../../main/adapters/recorder-client';
import { RecorderCommands } from '../../main/adapters/recorder-commands';
import {} from '../fakes/fake-recorder/index';
import { fixtureText } from '../helpers/fixtures';
import { serveOnLoopback } from '../helpers/http';
import { fakeRecorders } from '../fakes/fake-recorder/test-kit';

const USER = '录播';
const PASS = 'pässwörd密码🔑';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const fake = fakeRecorders({ user: USER, pass: PASS });

const commandsFor = (url: string, username = USER, password = PASS) =>
  new RecorderCommands(new RecorderClient({ baseUrl: url, username, password }));

/** A server answering every request with one status and body, recording what it got. */
function serve(status: number, body: string, seen: string[] = []): Promise<string> {
  return serveOnLoopback((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(body);
  }, cleanups);
}

describe('RecorderCommands against the fake recorder (Basic auth, UTF-8 password)', () => {
  it('starts, splits and stops a live room, and the next poll shows it', async () => {
    const recorder = await fake({ rooms: 3 });
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    const commands = commandsFor(recorder.url);
    const client = new RecorderClient({ baseUrl: recorder.url, username: USER, password: PASS });

    const started = await commands.command(room.roomId, 'start');
    expect(started.ok && started.value.recording).toBe(true);
    const polled = await client.getRoom(room.roomId);
    expect(polled.ok && polled.value.recording).toBe(true);

    const firstFile = room.file?.relativePath;
    const split = await commands.command(room.roomId, 'split');
    expect(split.ok && split.value.recording).toBe(true);
    expect(room.file?.relativePath).not.toBe(firstFile);

    const stopped = await commands.command(room.roomId, 'stop');
    expect(stopped.ok && stopped.value.recording).toBe(false);
    const after = await client.getRoom(room.roomId);
    expect(after.ok && after.value.recording).toBe(false);

    const refreshed = await commands.command(3, 'refresh'); // by short id
    expect(refreshed.ok && refreshed.value.roomId).toBe(23058);
  });

  it('adds a room, sets its auto-record, reads and writes its config, and removes it', async () => {
    const recorder = await fake({ rooms: 1 });
    const commands = commandsFor(recorder.url);

    const added = await commands.addRoom(7_734_200, false);
    expect(added.ok && [added.value.roomId, added.value.autoRecord]).toEqual([7_734_200, false]);
    expect(recorder.state.find(7_734_200)?.autoRecord).toBe(false);

    const set = await commands.setAutoRecord(7_734_200, true);
    expect(set.ok && set.value.autoRecord).toBe(true);
    const config = await commands.getConfig(7_734_200);
    expect(config.ok && config.value.autoRecord).toBe(true);
    expect(config.ok && config.value).toHaveProperty('optionalRecordDanmaku', {
      hasValue: true,
      value: true,
    });

    // POST /api/room for a room already there sets its auto-record and adds nothing.
    const again = await commands.addRoom(7_734_200, false);
    expect(again.ok && again.value.autoRecord).toBe(false);
    expect(recorder.state.rooms.filter((r) => r.roomId === 7_734_200)).toHaveLength(1);

    const removed = await commands.removeRoom(7_734_200);
    expect(removed.ok && removed.value.roomId).toBe(7_734_200);
    expect(recorder.state.find(7_734_200)).toBeUndefined();
  });

  it('refuses an unknown room with the recorder’s 404 "Room not found"', async () => {
    const recorder = await fake({ rooms: 1 });
    const commands = commandsFor(recorder.url);
    for (const result of [
      await commands.command(999, 'start'),
      await commands.removeRoom(999),
      await commands.setAutoRecord(999, true),
      await commands.getConfig(999),
    ]) {
      expect(result).toMatchObject({ ok: false, status: 'room-not-found', httpStatus: 404 });
    }
    // setAutoRecord never adds the room it could not find.
    expect(recorder.state.find(999)).toBeUndefined();
  });

  it('refuses room ids ≤ 0 or past Int32 before sending (0 would act on another room)', async () => {
    const seen: string[] = [];
    const url = await serve(200, '{}', seen);
    const commands = commandsFor(url);
    for (const result of [
      await commands.command(0, 'stop'),
      await commands.removeRoom(0),
      await commands.addRoom(-5, true),
      await commands.command(2 ** 31, 'start'),
    ]) {
      expect(result).toMatchObject({ ok: false, status: 'room-id-out-of-range' });
    }
    expect(seen).toEqual([]);
  });

  it('reads the recorder’s 400 RestApiError as room-id-out-of-range', async () => {
    const url = await serve(400, fixtureText('synthesized/rest-400-roomid-out-of-range.json'));
    expect(await commandsFor(url).addRoom(5, true)).toEqual({
      ok: false,
      status: 'room-id-out-of-range',
      detail: 'room id 5 is out of range',
      httpStatus: 400,
    });
    const notFound = await serve(
      404,
      fixtureText('synthesized/rest-POST-api-room-23058-start.404.json'),
    );
    expect(await commandsFor(notFound).command(23058, 'start')).toMatchObject({
      status: 'room-not-found',
    });
  });

  it('classifies a wrong password (401), the open-access guard (412) and a closed port', async () => {
    const recorder = await fake({ rooms: 1 });
    expect(await commandsFor(recorder.url, USER, 'wrong').command(3, 'start')).toMatchObject({
      ok: false,
      status: 'unauthorized',
      httpStatus: 401,
    });
    const guarded = await fake({ rooms: 1, user: '', pass: '', openAccessGuard: true });
    expect(await commandsFor(guarded.url, '', '').addRoom(5, true)).toMatchObject({
      ok: false,
      status: 'open-access-guard',
      httpStatus: 412,
    });
    const closed = await serve(200, '{}');
    await cleanups.pop()?.();
    expect(await commandsFor(closed).command(3, 'start')).toMatchObject({
      ok: false,
      status: 'unreachable',
    });
  });
});
