import type * as Crypto from 'node:crypto';

/**
 * `node:crypto`, loaded at its first use rather than at start: loading it initialises OpenSSL,
 * about 2 MB of RSS for as long as the process runs (headless mode's idle RSS against a bare
 * `node:http` server: `npm run bench:memory`), and a listener without a token, test events, push
 * targets or jobs never needs it. `process.getBuiltinModule` (Node 20.16, 22.3) is synchronous
 * and returns the one loaded module after the first call.
 */
export function nodeCrypto(): typeof Crypto {
  return process.getBuiltinModule('node:crypto');
}
