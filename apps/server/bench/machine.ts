// Where the machine's CPU time went during a measured window, read from /proc (Linux; elsewhere the meter reports
// nothing). The whole machine (user, kernel = system + irq + softirq, which is where loopback TCP is paid, iowait,
// steal, idle) and named groups of processes: the bench's own Node processes, the PostgreSQL backends serving the
// bench's database, the Redis server. Whatever the groups do not account for ran in other processes (on a shared
// machine: other people's work).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** USER_HZ: the unit of /proc's CPU times (100 on every mainstream Linux build). */
const TICK_MS = 10;

interface Times {
  user: number;
  system: number;
}

interface MachineTimes {
  user: number;
  kernel: number;
  iowait: number;
  steal: number;
  idle: number;
}

export interface ProcessGroup {
  label: string;
  /** The group's processes now (called at both ends of the window). */
  pids: () => number[];
}

interface Snapshot {
  machine: MachineTimes | null;
  groups: Map<number, Times>[];
}

function readMachine(): MachineTimes | null {
  try {
    const head = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = head
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return {
      user: (user + nice) * TICK_MS,
      kernel: (system + irq + softirq) * TICK_MS,
      iowait: iowait * TICK_MS,
      steal: steal * TICK_MS,
      idle: idle * TICK_MS,
    };
  } catch {
    return null;
  }
}

function readProcess(pid: number): Times | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
  } catch {
    return null;
  }
}

function processes(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The PostgreSQL backends connected to `database` (their title: "postgres: <cluster>: <user> <database> <host> …"). */
export function postgresBackends(database: string): ProcessGroup {
  return {
    label: 'PostgreSQL backends',
    pids: () =>
      processes().filter((pid) => {
        const title = cmdline(pid);
        return title.startsWith('postgres: ') && title.includes(` ${database} `);
      }),
  };
}

export function redisServer(): ProcessGroup {
  return {
    label: 'Redis',
    pids: () => processes().filter((pid) => /(^|\/)redis-server /.test(cmdline(pid))),
  };
}

/** The database name of a postgres:// URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export class CpuMeter {
  private start: Snapshot | null = null;

  constructor(private readonly groups: ProcessGroup[]) {}

  private snapshot(): Snapshot {
    return {
      machine: readMachine(),
      groups: this.groups.map((group) => {
        const times = new Map<number, Times>();
        for (const pid of group.pids()) {
          const t = readProcess(pid);
          if (t) times.set(pid, t);
        }
        return times;
      }),
    };
  }

  begin(): void {
    this.start = this.snapshot();
  }

  /**
   * Over the window since begin(): CPU time per group (user/kernel), the rest of the machine, idle (`text`), and the
   * groups' total (`groupsMs`).
   */
  end(): { text: string; groupsMs: number } {
    const start = this.start;
    const end = this.snapshot();
    if (!start?.machine || !end.machine) {
      return { text: 'CPU breakdown unavailable (no /proc)', groupsMs: 0 };
    }
    const m0 = start.machine;
    const m1 = end.machine;
    const d = {
      user: m1.user - m0.user,
      kernel: m1.kernel - m0.kernel,
      iowait: m1.iowait - m0.iowait,
      steal: m1.steal - m0.steal,
      idle: m1.idle - m0.idle,
    };
    const total = d.user + d.kernel + d.iowait + d.steal + d.idle;
    const pct = (v: number) => `${total > 0 ? Math.round((100 * v) / total) : 0} %`;
    let accounted = 0;
    const parts = this.groups.map((group, i) => {
      let user = 0;
      let system = 0;
      for (const [pid, t] of end.groups[i] ?? []) {
        // A process that started during the window counts from zero.
        const before = start.groups[i]?.get(pid) ?? { user: 0, system: 0 };
        user += t.user - before.user;
        system += t.system - before.system;
      }
      accounted += user + system;
      return `${group.label} ${user + system} ms (kernel ${system})`;
    });
    const busy = d.user + d.kernel;
    const text =
      `CPU over ${(total / cpus().length / 1000).toFixed(1)} s × ${cpus().length} CPUs = ${total} ms: ` +
      `${parts.join(', ')}, other processes ${Math.max(0, busy - accounted)} ms, idle ${d.idle} ms` +
      `${d.steal ? `, steal ${d.steal} ms` : ''}; machine-wide user ${pct(d.user)}, kernel ${pct(d.kernel)}, ` +
      `idle ${pct(d.idle + d.iowait)}`;
    return { text, groupsMs: accounted };
  }
}

/** A process's open-file limit (soft, hard) from /proc/<pid>/limits; null where there is none. */
export function openFileLimit(pid: number): { soft: number; hard: number } | null {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = (line?.slice('Max open files'.length).trim().split(/\s+/) ?? []).map((v) =>
      v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v),
    );
    return soft && hard ? { soft, hard } : null;
  } catch {
    return null;
  }
}

/**
 * Makes sure process `pid` may open `needed` files (its sockets): raises its limit with prlimit(1) when it is lower
 * (the hard limit too, which takes root). Returns what was done, or why it could not be, for the bench's output.
 */
export function ensureOpenFiles(pid: number, needed: number): string | null {
  const limit = openFileLimit(pid);
  if (!limit || limit.soft >= needed) return null;
  const target = Math.max(needed, limit.soft);
  try {
    execFileSync('prlimit', ['--pid', String(pid), `--nofile=${target}:${Math.max(target, limit.hard)}`], {
      stdio: 'ignore',
    });
    return `pid ${pid}: open files ${limit.soft} → ${target}`;
  } catch {
    return `pid ${pid}: needs ${needed} open files, its limit is ${limit.soft} (hard ${limit.hard}); prlimit failed (raising a hard limit takes CAP_SYS_RESOURCE)`;
  }
}

/** How many ephemeral ports the kernel hands out to one destination (Linux's ip_local_port_range; 28,232 by default). */
export function ephemeralPorts(): number {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && high ? high - low + 1 : 28_232;
  } catch {
    return 28_232;
  }
}
