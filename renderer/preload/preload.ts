// The window's only bridge to main: `window.recorderTray`, one function per contract call plus `on`.
// Bundled by esbuild into one CommonJS file, because a sandboxed preload cannot load modules.
import { contextBridge, ipcRenderer } from 'electron';
import { createRecorderTrayApi } from '../../shared/contract-client';
import { createIpcTransport } from './ipc-transport';

contextBridge.exposeInMainWorld(
  'recorderTray',
  createRecorderTrayApi(createIpcTransport(ipcRenderer)),
);
