// IPC between the WebSocket benchmark's processes (bench/ws.ts = coordinator, ws/server.ts = an app instance,
// ws/clients.ts = client load). Times are milliseconds of the system-wide monotonic clock (stats.ts mono), which every
// process on the machine shares, so a time taken in one process can be subtracted from a time taken in another.
import type { LoopReport } from '../probe.ts';

/** A server's event loop over a window (probe.ts), with the hub's loops over clients. */
export interface LagReport extends LoopReport {
  /** The hub's heartbeat ticks in the window (each pings one group of clients, in slices): duration, longest slice. */
  heartbeats: { ms: number; slices: number; longestSliceMs: number }[];
  /** The longest slice of any hub loop over clients (fan-out or heartbeat) in the window: how long it held the loop. */
  longestSliceMs: number;
}

export type ServerCommand = { cmd: 'size' } | { cmd: 'lagReset' } | { cmd: 'lagReport' } | { cmd: 'shutdown' };

export type ServerReport =
  /** Listening; the test accounts' tokens when this server made the bench's data (none otherwise). */
  | { type: 'ready'; port: number; tokens: string[]; users: number; setupMs: number; setupSteps: string }
  /**
   * A flush that followed queue changes: its start, when the fan-out of its frame began (query, diff and framing done)
   * and ended (the frame handed to every socket), its end; the fan-out's socket count, slices and longest slice; when
   * the changes it coalesced reached this instance's bus (on the instance that made the change: its publish; on the
   * others: its arrival through Redis).
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
      /** The kernel's part of it (system time: the socket writes, loopback TCP included). */
      systemMs: number;
      publishes: number[];
      clients: number;
    }
  | { type: 'size'; size: number }
  | { type: 'lag'; lag: LagReport }
  | { type: 'fatal'; error: string };

export type ClientCommand =
  /** Opens a socket at each index (closing the one there, if any, without counting it as closed). */
  | { cmd: 'connect'; targets: { index: number; url: string }[]; concurrency: number; timeoutMs: number }
  | { cmd: 'arm'; round: number }
  | { cmd: 'collect'; round: number }
  | { cmd: 'close' };

export type ClientReport =
  | { type: 'connected'; open: number; failed: number; firstError: string | null; ms: number }
  | { type: 'armed'; round: number }
  | { type: 'roundDone'; round: number }
  /**
   * Per socket index, the arrival time of the round's first queueDiff frame, or -1; CPU time used since armed, and
   * its kernel part.
   */
  | {
      type: 'arrivals';
      round: number;
      times: number[];
      extraFrames: number;
      closed: number;
      cpuMs: number;
      systemMs: number;
    }
  | { type: 'fatal'; error: string };
