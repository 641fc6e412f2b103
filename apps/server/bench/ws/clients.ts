// A client process of `npm run bench:ws` (child of bench/ws.ts, IPC): opens its share of the WebSocket connections
// in batches and, once armed for a round, stamps with the shared monotonic clock the first queueDiff frame each
// socket receives. The stamp is the first thing the message handler does.
import WebSocket from 'ws';
import { type ClientCommand, type ClientReport, mono } from './protocol.ts';

const sockets: WebSocket[] = [];
let round = 0;
let armed = false;
let arrivals = new Float64Array(0);
let received = 0;
let extraFrames = 0;
let closed = 0;
let closing = false;
let openCount = 0;
let cpuArmed = process.cpuUsage();

function report(message: ClientReport): void {
  process.send?.(message);
}

function open(url: string, index: number, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve('timed out');
    }, timeoutMs);
    socket.on('message', (raw: Buffer) => {
      const at = mono();
      if (!armed || !raw.toString('latin1', 0, 24).includes('"queueDiff"')) return;
      if (arrivals[index] === -1) {
        arrivals[index] = at;
        received++;
        if (received === openCount) report({ type: 'roundDone', round });
      } else {
        extraFrames++;
      }
    });
    socket.once('open', () => {
      clearTimeout(timer);
      sockets[index] = socket;
      openCount++;
      resolve(null);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      resolve(err.message);
    });
    socket.once('close', () => {
      if (!closing) closed++;
    });
  });
}

async function connect(command: Extract<ClientCommand, { cmd: 'connect' }>): Promise<void> {
  const started = mono();
  let failed = 0;
  let firstError: string | null = null;
  for (let i = 0; i < command.tokens.length; i += command.concurrency) {
    const batch = command.tokens.slice(i, i + command.concurrency);
    const results = await Promise.all(
      batch.map((token, j) => open(`${command.url}?token=${encodeURIComponent(token)}`, i + j, command.timeoutMs)),
    );
    for (const error of results) {
      if (error === null) continue;
      failed++;
      firstError ??= error;
    }
  }
  report({ type: 'connected', open: openCount, failed, firstError, ms: mono() - started });
}

function close(): void {
  closing = true;
  for (const socket of sockets) socket?.terminate();
  setTimeout(() => process.exit(0), 50);
}

process.on('disconnect', () => {
  closing = true;
  for (const socket of sockets) socket?.terminate();
  process.exit(0);
});
// Fallback only: the parent stops us long before.
setTimeout(() => process.exit(2), 200_000).unref();

process.on('message', (command: ClientCommand) => {
  switch (command.cmd) {
    case 'connect':
      connect(command).catch((err: unknown) => report({ type: 'fatal', error: String(err) }));
      return;
    case 'arm':
      arrivals = new Float64Array(sockets.length).fill(-1);
      received = 0;
      extraFrames = 0;
      round = command.round;
      cpuArmed = process.cpuUsage();
      armed = true;
      report({ type: 'armed', round });
      return;
    case 'collect': {
      armed = false;
      const cpu = process.cpuUsage(cpuArmed);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      report({ type: 'arrivals', round: command.round, times: Array.from(arrivals), extraFrames, closed, cpuMs });
      return;
    }
    case 'close':
      close();
      return;
  }
});
