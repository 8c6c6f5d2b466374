// Channel names only, without schemas: the preload imports this file and stays free of zod.
// shared/ipc-contract.ts maps each name to its schemas, and fails to compile if the two differ.

/** Every window→main call channel. */
export const CALL_CHANNELS = [
  'state:get',
  'settings:get',
  'settings:update',
  'history:files',
  'history:notifications',
  'eventLog:page',
  'history:markRead',
  'file:open',
  'file:showInFolder',
  'link:open',
  'eventLog:replay',
  'test:sendEvent',
  'recorder:check',
  'recorder:connect',
  'notifications:pause',
  'app:info',
  'folder:pick',
  'push:test',
  'push:status',
  'push:sendCommands',
  'push:makeSecrets',
  'room:command',
  'room:add',
  'room:remove',
  'room:setAutoRecord',
  'notification:act',
  'room:setTier',
  'notifications:quietUntil',
  'cleanUp:preview',
  'history:removals',
  'jobs:list',
  'jobs:retry',
  'jobs:cancel',
  'jobs:checkTools',
  'jobs:tryOnLastFile',
] as const;
/** A call channel name. */
export type CallChannel = (typeof CALL_CHANNELS)[number];

/** Every main→window event channel. */
export const EVENT_CHANNELS = [
  'state:changed',
  'notification:added',
  'files:changed',
  'window:show',
  'jobs:changed',
] as const;
/** An event channel name. */
export type EventChannel = (typeof EVENT_CHANNELS)[number];

const CALL_SET: ReadonlySet<string> = new Set(CALL_CHANNELS);
const EVENT_SET: ReadonlySet<string> = new Set(EVENT_CHANNELS);

/** Whether an untrusted value names a call channel. */
export function isCallChannel(name: unknown): name is CallChannel {
  return typeof name === 'string' && CALL_SET.has(name);
}

/** Whether an untrusted value names an event channel. */
export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && EVENT_SET.has(name);
}
