import { closeSync, fdatasync, openSync, writeSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { startBodyServer, type BaselineReceiver } from './body-server';

/**
 * The baseline of issue 32: the least a receiver that promises "answered means kept" must do. A
 * bare node:http server that reads the body, parses the JSON, appends the body to a file, and
 * answers 204 only after that file's fdatasync; the bodies of one event-loop turn share one
 * fdatasync (a group commit, as the app's database does).
 */
export async function startDurableReceiver(dir: string): Promise<BaselineReceiver> {
  const fd = openSync(join(dir, 'durable-receiver.log'), 'a');
  let waiting: { body: Buffer; res: ServerResponse }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    for (const { body } of batch) writeSync(fd, Buffer.concat([body, Buffer.from('\n')]));
    fdatasync(fd, (error) => {
      for (const { res } of batch) {
        res.statusCode = error ? 500 : 204;
        res.end();
      }
    });
  };
  return startBodyServer(
    (body, res) => {
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        res.statusCode = 400;
        res.end();
        return;
      }
      waiting.push({ body, res });
      if (waiting.length === 1) setImmediate(flush);
    },
    () => closeSync(fd),
  );
}
