import {
  addFakeRoom,
  startFakeLiveApi,
  type FakeLiveApi,
} from '../../test/fakes/bilibili/fake-live-api';
import { benchRoomIds } from './bench-events';

/**
 * bilibili's live API for a bench, on loopback: the bench rooms' pictures are fetched as users'
 * are, and no bench reaches bilibili itself (a load run must send traffic only to this machine).
 */
export async function startBenchLiveApi(): Promise<FakeLiveApi> {
  const fake = await startFakeLiveApi();
  for (const roomId of benchRoomIds()) addFakeRoom(fake, { roomId });
  return fake;
}
