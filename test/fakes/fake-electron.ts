// In-memory stand-ins for the Electron objects the glue touches. They implement the narrow
// handles the glue declares; where a handle is a Pick of an overloaded Electron method, the fake
// is cast once here so that tests stay free of casts.
import type { IpcMainInvokeEvent } from 'electron';
import type { IpcSenderInfo } from '../../main/electron/ipc';
import type { WebContentsHandle, WindowHandle } from '../../main/electron/main-window';
import type { NotificationHandle } from '../../main/electron/notifier';
import type { ShellLike } from '../../main/core/shell-actions';
import type { TrayHandle } from '../../main/electron/tray-controller';

type Listener = (...args: never[]) => unknown;

/** A minimal event emitter: `on`/`once` register, `emit` calls. */
class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => unknown)(...args);
  }
}

type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

/** ipcMain with `invoke` to play the renderer. */
export class FakeIpcMain {
  readonly handlers = new Map<string, InvokeHandler>();
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /**
   * Calls a channel as a renderer would, from a frame at `url`. Arguments and result cross as
   * copies, as Electron's IPC structured-clones them: a handler that keeps or changes what it was
   * given, or answers with what cannot be cloned (a function, a class instance's methods), shows
   * here as it would in the app.
   */
  async invoke(channel: string, url: string | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
    const result = await handler(senderAt(url) as IpcMainInvokeEvent, ...structuredClone(args));
    return structuredClone(result);
  }
}

/** An invoke event from a top-level frame at `url` (null: the frame is gone). */
export function senderAt(url: string | null, parent: unknown = null): IpcSenderInfo {
  return { senderFrame: url === null ? null : ({ url, parent } as IpcSenderInfo['senderFrame']) };
}

/** A webContents that records sends and lets tests fire its events. */
export class FakeWebContents extends Emitter {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  permissionRequest:
    ((wc: { getURL(): string }, permission: string, cb: (ok: boolean) => void) => void) | undefined;
  permissionCheck: ((wc: unknown, permission: string, origin: string) => boolean) | undefined;
  readonly session = {
    setPermissionRequestHandler: (handler: FakeWebContents['permissionRequest']) => {
      this.permissionRequest = handler;
    },
    setPermissionCheckHandler: (handler: FakeWebContents['permissionCheck']) => {
      this.permissionCheck = handler;
    },
  };
  /** Records what the window would receive: a structured clone, as Electron's IPC sends it. */
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args: structuredClone(args) });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: FakeWebContents['openHandler']): void {
    this.openHandler = handler;
  }
  /** This object as the handle type the glue expects. */
  asHandle(): WebContentsHandle {
    return this as unknown as WebContentsHandle;
  }
}

/** A BrowserWindow that records calls. */
export class FakeWindow extends Emitter {
  readonly calls: string[] = [];
  readonly contents = new FakeWebContents();
  destroyed = false;
  minimized = false;
  loadedUrl: string | undefined;
  get webContents(): WebContentsHandle {
    return this.contents.asHandle();
  }
  show(): void {
    this.calls.push('show');
  }
  focus(): void {
    this.calls.push('focus');
  }
  restore(): void {
    this.calls.push('restore');
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('closed');
  }
  /** What closing the window does in Electron by default: destroy it. */
  close(): void {
    this.destroy();
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
  }
  asHandle(): WindowHandle {
    return this as unknown as WindowHandle;
  }
}

/** A Tray that records every call; images and menus are whatever the test's factories return. */
export class FakeTray<I, M> implements TrayHandle<I, M> {
  readonly calls: string[] = [];
  image: I;
  toolTip = '';
  menu: M | null = null;
  clickListener: (() => void) | undefined;
  destroyed = false;
  constructor(image: I) {
    this.image = image;
  }
  setImage(image: I): void {
    this.calls.push('setImage');
    this.image = image;
  }
  setToolTip(toolTip: string): void {
    this.calls.push('setToolTip');
    this.toolTip = toolTip;
  }
  setContextMenu(menu: M | null): void {
    this.calls.push('setContextMenu');
    this.menu = menu;
  }
  on(_event: 'click', listener: () => void): this {
    this.clickListener = listener;
    return this;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

/** A Notification that records show() and lets tests click or close it. */
export class FakeNotification extends Emitter implements NotificationHandle {
  shown = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
  }
  show(): void {
    this.shown = true;
  }
  click(): void {
    this.emit('click');
  }
}

/** A shell that records every call. */
export class FakeShell implements ShellLike {
  readonly external: string[] = [];
  readonly opened: string[] = [];
  readonly shown: string[] = [];
  openPathResult = '';
  async openExternal(url: string): Promise<void> {
    this.external.push(url);
  }
  async openPath(path: string): Promise<string> {
    this.opened.push(path);
    return this.openPathResult;
  }
  showItemInFolder(path: string): void {
    this.shown.push(path);
  }
}
