import { vi } from 'vitest';
import type { ContractHandlers } from '../../shared/ipc-contract';
import { defaultSettings } from '../../shared/settings';
import { sampleAppState } from './app-state-sample';

/** Handlers that answer within the contract, each a vi.fn so tests can see what was called. */
export function fakeHandlers(): ContractHandlers {
  const ok = async () => ({ ok: true });
  const empty = async () => ({ items: [], total: 0 });
  return {
    'state:get': vi.fn(async () => sampleAppState()),
    'settings:get': vi.fn(async () => defaultSettings()),
    'settings:update': vi.fn(async () => ({ ok: true as const, settings: defaultSettings() })),
    'history:files': vi.fn(empty),
    'history:notifications': vi.fn(empty),
    'eventLog:page': vi.fn(empty),
    'history:markRead': vi.fn(async () => ({ unreadCount: 0 })),
    'file:open': vi.fn(ok),
    'file:showInFolder': vi.fn(ok),
    'link:open': vi.fn(ok),
    'eventLog:replay': vi.fn(ok),
    'test:sendEvent': vi.fn(ok),
    'recorder:check': vi.fn(async () => ({
      status: 'ok' as const,
      message: '',
      version: '2.11.1',
      webhooks: 'set' as const,
    })),
    'recorder:connect': vi.fn(async () => ({
      ok: true,
      message: 'Connected.',
      webhooks: 'set' as const,
    })),
    'notifications:pause': vi.fn(async () => ({ pausedUntil: null })),
    'folder:pick': vi.fn(async () => ({ path: null, supported: false })),
    'push:test': vi.fn(async () => ({ ok: true, target: 'ntfy://***', message: 'sent' })),
    'push:status': vi.fn(async () => ({ targets: [] })),
    'push:sendCommands': vi.fn(async () => ({ ok: true })),
    'push:makeSecrets': vi.fn(async ({ url }: { url: string }) => ({ url })),
    'room:command': vi.fn(ok),
    'room:add': vi.fn(ok),
    'room:remove': vi.fn(ok),
    'room:setAutoRecord': vi.fn(ok),
    'notification:act': vi.fn(ok),
    'room:setTier': vi.fn(ok),
    'notifications:quietUntil': vi.fn(async () => ({ quietUntil: null })),
    'cleanUp:preview': vi.fn(async () => ({
      enabled: false,
      dryRun: true,
      rules: [],
      bytes: 0,
      problems: [],
    })),
    'history:removals': vi.fn(empty),
    'jobs:list': vi.fn(async () => ({ jobs: [] })),
    'jobs:retry': vi.fn(ok),
    'jobs:cancel': vi.fn(ok),
    'jobs:checkTools': vi.fn(async () => ({ tools: [] })),
    'jobs:tryOnLastFile': vi.fn(async () => ({ ok: true, jobId: 'job-1' })),
    'app:info': vi.fn(async () => ({
      version: '0.1.0',
      platform: 'linux',
      dataDir: '/d',
      logsDir: '/l',
    })),
  };
}
