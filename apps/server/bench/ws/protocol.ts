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

/** The frames a client process times: the queue's diffs (bench:ws) or the players' matchFound (bench:scale). */
export type WatchedFrame = 'queueDiff' | 'matchFound';

export type ClientCommand =
  /**
   * Opens a socket at each index (closing the one there, if any, without counting it as closed), from
   * `localAddress` when given (a loopback address of its own gives a client process its own ephemeral ports).
   */
  | {
      cmd: 'connect';
      targets: { index: number; url: string }[];
      concurrency: number;
      timeoutMs: number;
      localAddress?: string;
    }
  /** Times the first `frame` (queueDiff by default) each socket receives from now on. */
  | { cmd: 'arm'; round: number; frame?: WatchedFrame }
  /** How many sockets have their frame so far. */
  | { cmd: 'progress' }
  | { cmd: 'collect'; round: number }
  | { cmd: 'close' };

export type ClientReport =
  | { type: 'connected'; open: number; failed: number; firstError: string | null; ms: number }
  | { type: 'armed'; round: number }
  | { type: 'roundDone'; round: number }
  | { type: 'progress'; received: number }
  /**
   * Per socket index, the arrival time of the round's first queueDiff frame, or -1; CPU time used since armed, and
   * its kernel part.
   */
  | {
      type: 'arrivals';
      round: number;
      times: number[];
      /** With matchFound watched: per socket index, the match_id of its frame ('' for none). */
      matchIds?: string[];
      extraFrames: number;
      closed: number;
      cpuMs: number;
      systemMs: number;
    }
  | { type: 'fatal'; error: string };
