import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsStore } from '../../main/adapters/settings-store';
import { createSettingsView } from '../../main/app/app-context';
import type { Settings } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function openStore(): Promise<SettingsStore> {
  const dir = await mkdtemp(path.join(tmpdir(), 'settings-view-'));
  dirs.push(dir);
  return SettingsStore.open({ dir, log: memoryLogger() });
}

describe('the settings in force', () => {
  it('lays the overrides over each stored change once, however often they are read', async () => {
    const store = await openStore();
    const apply = vi.fn((stored: Settings) => ({ ...stored, startAtLogin: true }));
    const view = createSettingsView(store, { apply, locked: ['startAtLogin'] });
    for (let i = 0; i < 5; i++) expect(view.current().startAtLogin).toBe(true);
    expect(apply).toHaveBeenCalledTimes(1);

    await store.update({ language: 'zh-CN' });
    for (let i = 0; i < 5; i++) expect(view.current()).toMatchObject({ language: 'zh-CN' });
    expect(apply).toHaveBeenCalledTimes(2);
    expect(view.current().startAtLogin).toBe(true);
    expect(view.locked).toEqual(['startAtLogin']);
  });

  it('hands each listener the settings before the change while current() reads the new ones', async () => {
    const store = await openStore();
    const view = createSettingsView(store);
    const seen: [string, string][] = [];
    view.onChange((previous) =>
      seen.push(['first', `${previous.language}→${view.current().language}`]),
    );
    view.onChange((previous) =>
      seen.push(['second', `${previous.language}→${view.current().language}`]),
    );
    const before = view.current().language;

    await store.update({ language: before === 'en' ? 'zh-CN' : 'en' });
    const after = view.current().language;
    expect(after).not.toBe(before);
    expect(seen).toEqual([
      ['first', `${before}→${after}`],
      ['second', `${before}→${after}`],
    ]);
  });
});
