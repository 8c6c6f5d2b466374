import { afterEach } from 'vitest';
import { parsePushUrl, type ParsedPushUrl } from '../../../main/features/push/core/push-url';
import { startFakePushServer, type FakePushServer } from './fake-push-server';

/** A push target from an Apprise URL a test writes (a URL that does not parse is the test's bug). */
export function pushTarget(url: string): ParsedPushUrl {
  const parsed = parsePushUrl(url);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** Starts fake push servers for the tests of one file, each closed after its test. */
export function fakePushServers(): (
  handle: Parameters<typeof startFakePushServer>[0],
) => Promise<FakePushServer> {
  const started: FakePushServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async (handle) => {
    const server = await startFakePushServer(handle);
    started.push(server);
    return server;
  };
}
