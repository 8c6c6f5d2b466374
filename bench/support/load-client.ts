/**
 * The load client, run as a child process of bench/webhook.ts so that sending and answering do
 * not share one event loop: it receives a LoadRequest over IPC, sends the phase's webhooks over
 * keep-alive loopback connections and replies with a LoadResult.
 */
import http from 'node:http';
import { BenchEventStream } from './bench-events';
import {
  summarizeLatency,
  type BenchMessage,
  type ClientMessage,
  type LoadRequest,
  type LoadResult,
} from './load-protocol';

const USER_AGENT = 'BililiveRecorder/2.11.1';
// One event stream per listener, so each sees whole streams and sessions in recorder order.
// `leftover`: bodies built for a phase that ended on its deadline, sent first by the next phase.
const streams = new Map<number, { events: BenchEventStream; leftover: Buffer[] }>();

function send(message: ClientMessage): void {
  process.send?.(message);
}

/** Posts one body; calls back with the status (or error code) and the latency in ms. */
function post(
  agent: http.Agent,
  request: LoadRequest,
  body: Buffer,
  done: (outcome: string, ms: number) => void,
): void {
  const started = performance.now();
  let finished = false;
  const finish = (outcome: string) => {
    if (finished) return;
    finished = true;
    done(outcome, performance.now() - started);
  };
  const req = http.request(
    {
      agent,
      host: '127.0.0.1',
      port: request.port,
      path: request.path,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': body.length,
        'User-Agent': USER_AGENT,
      },
    },
    (res) => {
      res.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'error'));
      res.on('end', () => finish(String(res.statusCode)));
      res.resume();
    },
  );
  req.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'error'));
  req.end(body);
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const count = request.count ?? 0;
  let stream = streams.get(request.port);
  if (!stream)
    streams.set(request.port, (stream = { events: new BenchEventStream(), leftover: [] }));
  const reused = stream.leftover.splice(0, count);
  const bodies = reused.concat(stream.events.take(count - reused.length)); // built before the clock starts
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.senders });
  const latencies = new Float64Array(count);
  const failures: Record<string, number> = {};
  let sent = 0;
  let answered = 0;
  let ok = 0;
  const record = (outcome: string, ms: number) => {
    latencies[answered] = ms;
    answered += 1;
    if (outcome === '204') ok += 1;
    else failures[outcome] = (failures[outcome] ?? 0) + 1;
  };

  const started = performance.now();
  const deadline = request.durationMs === undefined ? Infinity : started + request.durationMs;
  await new Promise<void>((resolve) => {
    const settle = () => {
      if (answered === sent && (sent === count || performance.now() >= deadline)) resolve();
    };
    const sendNext = (then: () => void) =>
      post(agent, request, bodies[sent++]!, (outcome, ms) => {
        record(outcome, ms);
        then();
      });
    if (request.mode === 'closed') {
      const next = () => {
        if (sent >= count || performance.now() >= deadline) return settle();
        sendNext(next);
      };
      for (let i = 0; i < request.senders; i++) next();
      return;
    }
    // Paced (open loop): event i is due at started + i / rate, whatever the answers do; requests
    // over the socket limit wait in the agent's queue, and that wait counts in their latency.
    const interval = 1000 / (request.rate ?? 500);
    const tick = () => {
      const due = Math.min(count, Math.floor((performance.now() - started) / interval) + 1);
      while (sent < due) sendNext(settle);
      if (sent < count)
        setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    };
    tick();
  });
  const elapsedMs = performance.now() - started;
  agent.destroy();
  stream.leftover = bodies.slice(sent).concat(stream.leftover);
  let bodyBytes = 0;
  for (let i = 0; i < sent; i++) bodyBytes += bodies[i]!.length;
  return {
    type: 'result',
    id: request.id,
    sent,
    ok,
    failures,
    elapsedMs,
    eventsPerSecond: (answered / elapsedMs) * 1000,
    latencyMs: summarizeLatency(latencies.slice(0, answered)),
    meanBodyBytes: sent > 0 ? bodyBytes / sent : 0,
    ...(request.withSamples
      ? {
          samples: Array.from(
            latencies.subarray(0, answered),
            (ms) => Math.round(ms * 1000) / 1000,
          ),
        }
      : {}),
  };
}

process.on('message', (message: BenchMessage) => {
  if (message.type === 'exit') return process.exit(0);
  run(message).then(send, (error: unknown) => {
    console.error(`load client: ${String(error)}`);
    process.exit(1);
  });
});
// The bench gone (finished, killed, or its watchdog fired): stop at once, mid-phase or not.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
