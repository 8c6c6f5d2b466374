import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../main/adapters/settings-store';
import { RECORDER_KINDS, pollsRecorderApi } from '../../shared/recorder-kind';
import { hasRecorderApi } from '../../shared/recorders';
import { RecorderSetting, SETTINGS_VERSION } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recorder-kind-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// A settings file as this app wrote it before recorders had a kind.
const BEFORE_KINDS = {
  version: SETTINGS_VERSION,
  recorders: [
    { id: 'default', name: 'PC', url: 'http://127.0.0.1:2356', recordingRoot: '/rec' },
    { id: 'nas', name: 'NAS', url: '', rooms: [21452505] },
  ],
};

describe('recorders[].kind', () => {
  it('loads settings written before kinds unchanged, each recorder BililiveRecorder', async () => {
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify(BEFORE_KINDS));
    const store = await SettingsStore.open({ dir, log: memoryLogger() });
    expect(store.loadReport.outcome).toBe('loaded');
    const [pc, nas] = store.get().recorders;
    expect(pc).toMatchObject({ ...BEFORE_KINDS.recorders[0], kind: 'bililive-recorder' });
    expect(nas).toMatchObject({ ...BEFORE_KINDS.recorders[1], kind: 'bililive-recorder' });
    // Nothing was rewritten on load: the file is as it was.
    expect(JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8'))).toEqual(
      BEFORE_KINDS,
    );
  });

  it('keeps a chosen kind across a save and a reload', async () => {
    const store = await SettingsStore.open({ dir, log: memoryLogger() });
    const blrec = RecorderSetting.parse({ id: 'blrec', kind: 'blrec', url: '' });
    await store.update({ recorders: [store.get().recorders[0]!, blrec] });
    const again = await SettingsStore.open({ dir, log: memoryLogger() });
    expect(again.get().recorders.map((recorder) => recorder.kind)).toEqual([
      'bililive-recorder',
      'blrec',
    ]);
  });

  it('refuses a kind it does not know, naming the field', () => {
    const parsed = RecorderSetting.safeParse({ id: 'x', kind: 'obs' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['kind']);
  });

  it("speaks BililiveRecorder's API to BililiveRecorder alone", () => {
    expect(RECORDER_KINDS.filter(pollsRecorderApi)).toEqual(['bililive-recorder']);
    const url = 'http://127.0.0.1:2356';
    expect(hasRecorderApi({ url })).toBe(true);
    expect(hasRecorderApi({ url, kind: 'bililive-recorder' })).toBe(true);
    for (const kind of RECORDER_KINDS.filter((k) => k !== 'bililive-recorder'))
      expect(hasRecorderApi({ url, kind })).toBe(false);
  });
});
