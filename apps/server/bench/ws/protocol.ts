// IPC between the WebSocket benchmark's processes (bench/ws.ts = coordinator, ws/server.ts = the app,
// ws/clients.ts = client load). Times are milliseconds of the system-wide monotonic clock (CLOCK_MONOTONIC via
// process.hrtime), which every process on the machine shares, so a time taken in one process can be subtracted from
// a time taken in another.

export const mono = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Event-loop delay over a window, in ms, with the sampling interval already subtracted. */
export interface LagReport {
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
  /** Server CPU time (user + system) over the window, in ms, and the window's length. */
  cpuMs: number;
  windowMs: number;
  rssMb: number;
  /** Garbage-collection pauses in the window: total and longest, in ms. */
  gcTotalMs: number;
  gcMaxMs: number;
  /** The hub's heartbeat ticks in the window (each pings one group of clients, in slices): duration, longest slice. */
  heartbeats: { ms: number; slices: number; longestSliceMs: number }[];
  /** The longest slice of any hub loop over clients (fan-out or heartbeat) in the window: how long it held the loop. */
  longestSliceMs: number;
}

export type ServerCommand = { cmd: 'size' } | { cmd: 'lagReset' } | { cmd: 'lagReport' } | { cmd: 'shutdown' };

export type ServerReport =
  | { type: 'ready'; port: number; tokens: string[]; users: number; setupMs: number; setupSteps: string }
  /**
   * A flush that followed publishes: its start, when the fan-out of its frame began (query, diff and framing done)
   * and ended (the frame handed to every socket), its end; the fan-out's socket count, slices and longest slice.
   */
  | {
      type: 'flush';
      start: number;
      firstSend: number;
      lastSend: number;
      end: number;
      sends: number;
      slices: number;
      longestSliceMs: number;
      /** This process's CPU time (user + system) during the flush: far below end - start means it was descheduled. */
      cpuMs: number;
      publishes: number[];
      clients: number;
    }
  | { type: 'size'; size: number }
  | { type: 'lag'; lag: LagReport }
  | { type: 'fatal'; error: string };

export type ClientCommand =
  | { cmd: 'connect'; url: string; tokens: string[]; concurrency: number; timeoutMs: number }
  | { cmd: 'arm'; round: number }
  | { cmd: 'collect'; round: number }
  | { cmd: 'close' };

export type ClientReport =
  | { type: 'connected'; open: number; failed: number; firstError: string | null; ms: number }
  | { type: 'armed'; round: number }
  | { type: 'roundDone'; round: number }
  /** Per socket, the arrival time of the round's first queueDiff frame, or -1; CPU time used since armed. */
  | { type: 'arrivals'; round: number; times: number[]; extraFrames: number; closed: number; cpuMs: number }
  | { type: 'fatal'; error: string };
