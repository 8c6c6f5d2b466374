// The bare durable receiver (durable-receiver.ts) as a process of its own, for the memory bench:
// it appends to a file in the folder named by its argument, prints its port on standard output
// and serves until killed. Bundled and run with plain node, as headless mode is.
import { startDurableReceiver } from './durable-receiver';

const { port } = await startDurableReceiver(process.argv[2] ?? '.');
process.stdout.write(`${JSON.stringify({ type: 'ready', port })}\n`);
