// `node --import ./register.mjs main.js` runs the bundled entry point against ./electron.cjs: both
// `import … from 'electron'` (ESM, through a resolve hook) and `require('electron')` (electron-log,
// through Module._resolveFilename) get the stub.
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';

const stub = new URL('./electron.cjs', import.meta.url);
// A file path for require (a URL's pathname is `/C:/…` on Windows).
const stubPath = fileURLToPath(stub);
const require = createRequire(import.meta.url);
const Module = require('node:module');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? stubPath : resolveFilename.call(this, request, ...rest);
};
register(new URL('./hooks.mjs', import.meta.url), { data: { stub: stub.href } });
