// The fake recorder and bilibili's fake live API for `npm run bench:trace`, in a process of their
// own (trace-fakes.ts forks it): their serving runs code of shared/ (the recorder's timestamps),
// which must not be counted as the app's. Sends their URLs and rooms when ready; on `live`, takes
// a room live without webhooks (the app's next poll finds it); on `webhook`, names the app's URL
// in the recorder's settings, as a user's recorder does once set up.
import { addFakeRoom, startFakeLiveApi } from '../../test/fakes/bilibili/fake-live-api';
import { startFakeRecorder } from '../../test/fakes/fake-recorder/index';
import type { FakesMessage, TraceFakesReady } from './trace-fakes';

const rooms = Number(process.argv[2] ?? 6);
const recorder = await startFakeRecorder({ rooms });
const liveApi = await startFakeLiveApi();
for (const room of recorder.state.rooms) {
  addFakeRoom(liveApi, { roomId: room.roomId, uid: room.uid, uname: room.name, title: room.title });
}
process.on('message', (message: FakesMessage) => {
  if (message.type === 'exit') {
    void Promise.all([recorder.close(), liveApi.close()]).then(() => process.exit(0));
    return;
  }
  if (message.type === 'webhook') {
    recorder.addWebhook(message.url);
    process.send!({ type: 'webhook', url: message.url });
    return;
  }
  void recorder
    .setLive(message.roomId, true, { webhooks: false })
    .then(() => process.send!({ type: 'live', roomId: message.roomId }));
});
const ready: TraceFakesReady = {
  type: 'ready',
  recorderUrl: recorder.url,
  liveApiUrl: liveApi.url,
  rooms: recorder.state.rooms.map(({ roomId, shortId, name, title, streaming }) => ({
    ...{ roomId, shortId, name, title, streaming },
  })),
};
process.send!(ready);
