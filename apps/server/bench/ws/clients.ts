// A client process of `npm run bench:ws` (child of bench/ws.ts, IPC) and `npm run bench:scale`: opens the WebSocket
// connections it is given, in batches, each at an index of its own (a later `connect` to an index moves that client
// to another server: the old socket is closed first and not counted as closed) and, once armed for a round, stamps
// with the shared monotonic clock the first frame of the watched type (queueDiff; matchFound, whose match_id it
// keeps) each socket receives. The stamp is the first thing the message handler does.
import WebSocket from 'ws';
import { runChild, toParent } from '../procs.ts';
import { mono } from '../stats.ts';
import type { ClientCommand, ClientReport, WatchedFrame } from './protocol.ts';

const sockets: (WebSocket | undefined)[] = [];
let round = 0;
let armed = false;
let arrivals = new Float64Array(0);
let watched: WatchedFrame = 'queueDiff';
let marker = '"queueDiff"';
let matchIds: string[] = [];
let received = 0;
let expected = 0;
let extraFrames = 0;
let closed = 0;
let closing = false;
let cpuArmed = process.cpuUsage();

const report = (message: ClientReport) => toParent(message);

function open(url: string, index: number, timeoutMs: number, localAddress?: string): Promise<string | null> {
  const previous = sockets[index];
  sockets[index] = undefined;
  previous?.terminate();
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve('timed out');
    }, timeoutMs);
    socket.on('message', (raw: Buffer) => {
      const at = mono();
      if (!armed || !raw.toString('latin1', 0, 24).includes(marker)) return;
      if (arrivals[index] === -1) {
        arrivals[index] = at;
        received++;
        if (watched === 'matchFound') matchIds[index] = String(JSON.parse(raw.toString()).match_id);
        if (received === expected) report({ type: 'roundDone', round });
      } else {
        extraFrames++;
      }
    });
    socket.once('open', () => {
      clearTimeout(timer);
      sockets[index] = socket;
      resolve(null);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      resolve(err.message);
    });
    socket.once('close', () => {
      // A socket this process replaced or is closing does not count.
      if (!closing && sockets[index] === socket) closed++;
    });
  });
}

async function connect(command: Extract<ClientCommand, { cmd: 'connect' }>): Promise<void> {
  const started = mono();
  let failed = 0;
  let firstError: string | null = null;
  for (let i = 0; i < command.targets.length; i += command.concurrency) {
    const batch = command.targets.slice(i, i + command.concurrency);
    const results = await Promise.all(batch.map((t) => open(t.url, t.index, command.timeoutMs, command.localAddress)));
    for (const error of results) {
      if (error === null) continue;
      failed++;
      firstError ??= error;
    }
  }
  const live = sockets.filter((s) => s !== undefined).length;
  report({ type: 'connected', open: live, failed, firstError, ms: mono() - started });
}

function closeAll(): void {
  closing = true;
  for (const socket of sockets) socket?.terminate();
}

runChild(async () => {
  process.on('message', (command: ClientCommand) => {
    switch (command.cmd) {
      case 'connect':
        connect(command).catch((err: unknown) => report({ type: 'fatal', error: String(err) }));
        return;
      case 'arm':
        arrivals = new Float64Array(sockets.length).fill(-1);
        received = 0;
        expected = sockets.filter((s) => s !== undefined).length;
        extraFrames = 0;
        watched = command.frame ?? 'queueDiff';
        marker = `"${watched}"`;
        matchIds = watched === 'matchFound' ? new Array<string>(sockets.length).fill('') : [];
        round = command.round;
        cpuArmed = process.cpuUsage();
        armed = true;
        report({ type: 'armed', round });
        return;
      case 'progress':
        report({ type: 'progress', received });
        return;
      case 'collect': {
        armed = false;
        const cpu = process.cpuUsage(cpuArmed);
        report({
          type: 'arrivals',
          round: command.round,
          times: Array.from(arrivals),
          ...(watched === 'matchFound' ? { matchIds } : {}),
          extraFrames,
          closed,
          cpuMs: (cpu.user + cpu.system) / 1000,
          systemMs: cpu.system / 1000,
        });
        return;
      }
      case 'close':
        closeAll();
        setTimeout(() => process.exit(0), 50);
        return;
    }
  });
}, closeAll);
