// bilibili's live API for the benches as a process of its own (bench-live-api.ts starts it): the
// fake's serving must not count in the CPU of the listener a bench measures. Prints its URL on
// standard output and serves until killed.
import { addFakeRoom, startFakeLiveApi } from '../../test/fakes/bilibili/fake-live-api';
import { benchRoomIds } from './bench-events';

const fake = await startFakeLiveApi();
for (const roomId of benchRoomIds()) addFakeRoom(fake, { roomId });
process.stdout.write(`${JSON.stringify({ type: 'ready', url: fake.url })}\n`);
