// The bare node:http server (bare-server.ts) as a process of its own, for the memory bench: it
// prints its port on standard output and serves until killed. Bundled and run with plain node,
// as headless mode is, so that the two are compared on equal terms.
import { startBareServer } from './bare-server';

const { port } = await startBareServer();
process.stdout.write(`${JSON.stringify({ type: 'ready', port })}\n`);
