// A stand-in for the `electron` module, for running the bundled main process in plain Node. It
// reports what the app does as IPC messages to the parent (process.send) and takes commands from
// it: { click: '<tray menu item id>' }, { emit: '<app event>', args }, { resume: true }.
// Paths come from STUB_ELECTRON_USER_DATA and STUB_ELECTRON_LOGS.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS stub, as Electron's module is
const { EventEmitter } = require('node:events');

const report = (event, details = {}) => process.send?.({ event, ...details });
let trayMenu = [];

function findItem(items, id) {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = Array.isArray(item.submenu) ? findItem(item.submenu, id) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

class App extends EventEmitter {
  isPackaged = false;
  dock = { hide: () => report('dock.hide') };
  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return Promise.resolve();
  }
  quit() {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    report('app.quit', { prevented });
    if (!prevented) setImmediate(() => process.exit(0));
  }
  exit(code) {
    report('app.exit', { code });
    process.exit(code);
  }
  getPath(name) {
    if (name === 'userData') return process.env.STUB_ELECTRON_USER_DATA;
    if (name === 'logs') return process.env.STUB_ELECTRON_LOGS;
    throw new Error(`stub: no path ${name}`);
  }
  getVersion() {
    return '0.0.0-stub';
  }
  getAppPath() {
    return process.cwd();
  }
  setAppUserModelId(id) {
    report('setAppUserModelId', { id });
  }
  setToastActivatorCLSID(id) {
    report('setToastActivatorCLSID', { id });
  }
  setActivationPolicy(policy) {
    report('setActivationPolicy', { policy });
  }
  setLoginItemSettings(settings) {
    report('setLoginItemSettings', { settings });
  }
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false };
  }
}

class WebContents extends EventEmitter {
  session = { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} };
  setWindowOpenHandler() {}
  send(channel) {
    report('webContents.send', { channel });
  }
  isDestroyed() {
    return false;
  }
}

class BrowserWindow extends EventEmitter {
  webContents = new WebContents();
  #destroyed = false;
  constructor(options) {
    super();
    report('BrowserWindow', { options });
  }
  show() {}
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return this.#destroyed;
  }
  destroy() {
    this.#destroyed = true;
  }
  async loadURL(url) {
    report('loadURL', { url });
  }
}

class Tray extends EventEmitter {
  constructor(image) {
    super();
    report('Tray', { image: image.file });
  }
  setImage(image) {
    report('tray.setImage', { image: image.file });
  }
  setToolTip(toolTip) {
    report('tray.setToolTip', { toolTip });
  }
  setContextMenu(menu) {
    trayMenu = menu;
    report('tray.setContextMenu', { ids: menu.map((item) => item.id) });
  }
  destroy() {
    report('tray.destroy');
  }
}

class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  static getHistory() {
    return Promise.resolve([]);
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    report('Notification', { title: this.options.title, body: this.options.body });
  }
}

const app = new App();
const ipcMain = Object.assign(new EventEmitter(), {
  handlers: new Map(),
  handle(channel, handler) {
    this.handlers.set(channel, handler);
  },
  removeHandler(channel) {
    this.handlers.delete(channel);
  },
});
const powerMonitor = new EventEmitter();

process.on('message', (command) => {
  if (command.click !== undefined) findItem(trayMenu, command.click)?.click();
  if (command.emit !== undefined) app.emit(command.emit, ...(command.args ?? []));
  if (command.resume) powerMonitor.emit('resume');
});

// One `exports.x =` per name: Node finds the named exports of a CommonJS module by reading these.
exports.app = app;
exports.ipcMain = ipcMain;
exports.powerMonitor = powerMonitor;
let powerSaveBlockers = 0;
exports.powerSaveBlocker = {
  start: (type) => (report('powerSaveBlocker.start', { type }), ++powerSaveBlockers),
  stop: (id) => (report('powerSaveBlocker.stop', { id }), true),
};
exports.BrowserWindow = BrowserWindow;
exports.Tray = Tray;
exports.Notification = Notification;
exports.protocol = {
  registerSchemesAsPrivileged: (schemes) => report('registerSchemesAsPrivileged', { schemes }),
  handle: (scheme) => report('protocol.handle', { scheme }),
};
exports.shell = {
  openExternal: async (url) => report('shell.openExternal', { url }),
  openPath: async (path) => (report('shell.openPath', { path }), ''),
  showItemInFolder: (path) => report('shell.showItemInFolder', { path }),
  trashItem: async (path) => report('shell.trashItem', { path }),
};
exports.dialog = {
  showErrorBox: (title, content) => report('dialog.showErrorBox', { title, content }),
};
exports.nativeImage = { createFromPath: (file) => ({ file }) };
exports.Menu = {
  buildFromTemplate: (template) => template,
  setApplicationMenu: (menu) => report('Menu.setApplicationMenu', { menu }),
};
