import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { SchemaParseError } from '../../shared/parse';
import {
  CALL_CHANNELS,
  parseCallRequest,
  parseCallResponse,
  parseEventPayload,
  type CallChannel,
  type ContractHandlers,
  type EventChannel,
  type EventPayload,
} from '../../shared/ipc-contract';
import { isAppUrl } from './app-protocol';
import type { Logger } from '../core/ports';

/** The part of an invoke event the sender check reads. */
export type IpcSenderInfo = Pick<IpcMainInvokeEvent, 'senderFrame'>;

/** Whether an IPC message comes from the app's own top-level page (not a frame, not a remote page). */
export function isTrustedSender(event: IpcSenderInfo): boolean {
  const frame = event.senderFrame;
  // A null frame means it navigated away or was destroyed since sending: nothing to trust.
  if (frame === null) return false;
  return frame.parent === null && isAppUrl(frame.url);
}

/** What registerIpcHandlers needs. */
export interface IpcRegistration {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  handlers: ContractHandlers;
  log: Logger;
  /** Development builds check every response against the contract, to catch drift early. */
  validateResponses: boolean;
  /** For testing: replaces the sender check. */
  isTrustedSender?: (event: IpcSenderInfo) => boolean;
}

/** Registers one `ipcMain.handle` per call channel; returns a function that removes them all. */
export function registerIpcHandlers(registration: IpcRegistration): () => void {
  const { ipcMain, handlers, log, validateResponses } = registration;
  const trusted = registration.isTrustedSender ?? isTrustedSender;
  for (const channel of CALL_CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) =>
      handleCall(channel, event, args, { handlers, log, validateResponses, trusted }),
    );
  }
  return () => {
    for (const channel of CALL_CHANNELS) ipcMain.removeHandler(channel);
  };
}

interface CallContext {
  handlers: ContractHandlers;
  log: Logger;
  validateResponses: boolean;
  trusted: (event: IpcSenderInfo) => boolean;
}

async function handleCall(
  channel: CallChannel,
  event: IpcSenderInfo,
  args: unknown[],
  context: CallContext,
) {
  if (!context.trusted(event)) {
    context.log.warn(
      `ipc: dropped ${channel} from an unknown sender (${event.senderFrame?.url ?? 'no frame'})`,
    );
    throw new Error('Refused');
  }
  // One object per message (never positional arguments): a second argument is a malformed call.
  const parsed =
    args.length > 1
      ? { ok: false as const, reasons: ['(root): expected one argument'] }
      : parseCallRequest(channel, args[0]);
  if (!parsed.ok) {
    context.log.warn(`ipc: malformed ${channel}: ${parsed.reasons.join('; ')}`);
    throw new SchemaParseError(`${channel} request`, parsed.reasons);
  }
  // The mapped type cannot follow the channel through the loop; the contract ties them together.
  const handler = context.handlers[channel] as (request: unknown) => Promise<unknown>;
  const response = await handler(parsed.value);
  if (context.validateResponses) {
    const checked = parseCallResponse(channel, response);
    if (!checked.ok) {
      context.log.error(
        `ipc: ${channel} answered outside the contract: ${checked.reasons.join('; ')}`,
      );
      throw new SchemaParseError(`${channel} response`, checked.reasons);
    }
  }
  return response;
}

/** The window the broadcaster sends to, looked up at send time (it may be closed or recreated). */
export type BroadcastTarget = () => Pick<WebContents, 'send' | 'isDestroyed'> | undefined;

/** Sends a typed main→window event. */
export type Broadcast = <E extends EventChannel>(event: E, payload: EventPayload<E>) => void;

/** Builds `broadcast(event, payload)`: a no-op when no window is open (a destroyed window costs nothing). */
export function createBroadcast(
  target: BroadcastTarget,
  options: { validate: boolean; log: Logger },
): Broadcast {
  return (event, payload) => {
    if (options.validate) {
      const checked = parseEventPayload(event, payload);
      if (!checked.ok) {
        options.log.error(
          `ipc: ${event} payload outside the contract: ${checked.reasons.join('; ')}`,
        );
        return;
      }
    }
    const contents = target();
    if (contents === undefined || contents.isDestroyed()) return;
    contents.send(event, payload);
  };
}
