// Child processes of the server benchmarks, talking over IPC: the parent side (ChildProcesses, Child: reports
// waited for by type, a failure handler for a crash or a `fatal` report) and the child side (runChild: exits when the
// parent goes away or past a deadline, reports a crash to the parent).
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long a child may live at most unless the parent says otherwise (BENCH_CHILD_DEADLINE_MS). */
const DEFAULT_CHILD_DEADLINE_MS = 200_000;

/**
 * The file to fork for a child module given as a URL next to the bench's own (`new URL('./ws/clients.ts',
 * import.meta.url)`). Under tsx, that .ts file (the child inherits tsx through execArgv). Bundled (built.mjs: this
 * code then runs from dist/bench-<name>.mjs, and the URL points into dist/), the child's own bundle,
 * dist/bench-ws-clients.mjs, which built.mjs must have been given (`built.mjs bench/scale.ts bench/ws/clients.ts`).
 */
export function childModule(file: URL): string {
  const path = fileURLToPath(file);
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.mjs')) return path;
  const dist = dirname(here);
  const built = join(dist, `bench-${relative(dist, path).replace(/\.ts$/, '').replaceAll('/', '-')}.mjs`);
  if (!existsSync(built)) throw new Error(`${built} missing: give built.mjs bench/${relative(dist, path)} too`);
  return built;
}

/** The processes one benchmark started; every one still running when this process exits is killed. */
export class ChildProcesses {
  private readonly procs: ChildProcess[] = [];
  stopping = false;

  constructor(
    /** Called once a child crashes, exits unexpectedly or reports `fatal`. */
    readonly onFailure: (reason: string) => void,
    /** The children's deadline (they exit by themselves past it). */
    readonly deadlineMs = DEFAULT_CHILD_DEADLINE_MS,
  ) {
    process.on('exit', () => this.killAll());
  }

  /**
   * Forks `file` (a URL of a .ts module; childModule): under tsx it inherits this process's execArgv, which loads
   * tsx; bundled, its bundle runs on plain node.
   */
  spawn<C, R extends { type: string }>(name: string, file: URL, env: Record<string, string> = {}): Child<C, R> {
    const proc = fork(childModule(file), [], {
      env: { ...process.env, ...env, BENCH_CHILD_DEADLINE_MS: String(this.deadlineMs) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.procs.push(proc);
    return new Child<C, R>(name, proc, this);
  }

  /** SIGKILL to every child of ours still running (by its own handle, nothing else). */
  killAll(): void {
    for (const proc of this.procs) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }
}

/** A child process and the reports it sent, waited for by type. */
export class Child<C, R extends { type: string }> {
  private buffered: R[] = [];
  private waiters: { type: string; resolve: (message: R) => void }[] = [];
  /** Told to exit (stop): its exit is no failure. */
  private leaving = false;

  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
    group: ChildProcesses,
  ) {
    proc.on('message', (message: R) => {
      if (message.type === 'fatal') {
        group.onFailure(`${name}: ${(message as unknown as { error: string }).error}`);
        return;
      }
      const index = this.waiters.findIndex((w) => w.type === message.type);
      if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(message);
      else this.buffered.push(message);
    });
    proc.on('exit', (code, signal) => {
      if (!group.stopping && !this.leaving) group.onFailure(`${name} exited unexpectedly (${code ?? signal})`);
    });
  }

  get pid(): number {
    return this.proc.pid ?? -1;
  }

  send(command: C): void {
    if (this.proc.connected) this.proc.send(command as object);
  }

  next<T extends R['type']>(type: T, timeoutMs: number): Promise<Extract<R, { type: T }>> {
    const index = this.buffered.findIndex((m) => m.type === type);
    if (index >= 0) return Promise.resolve(this.buffered.splice(index, 1)[0] as Extract<R, { type: T }>);
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        resolve: (message: R) => {
          clearTimeout(timer);
          resolve(message as Extract<R, { type: T }>);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`${this.name}: no '${type}' within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Sends `command` and waits for the report of type `type`. */
  ask<T extends R['type']>(command: C, type: T, timeoutMs = 5000): Promise<Extract<R, { type: T }>> {
    this.send(command);
    return this.next(type, timeoutMs);
  }

  drop(type: R['type']): void {
    this.buffered = this.buffered.filter((m) => m.type !== type);
  }

  /** Sends `command`, which makes the child exit, and waits for it to; one still alive after `timeoutMs` is killed. */
  async stop(command: C, timeoutMs: number): Promise<void> {
    this.leaving = true;
    this.send(command);
    await this.exited(timeoutMs);
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
  }

  exited(timeoutMs: number): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** In a child: one report to the parent. */
export function toParent(message: object): void {
  process.send?.(message);
}

/**
 * A child's main: exits when the parent goes away (`onDisconnect` first, to close what must be closed) or past its
 * deadline; a crash is reported to the parent as `{ type: 'fatal', error }`, then the child exits with 1.
 */
export function runChild(main: () => Promise<void>, onDisconnect: () => void = () => {}): void {
  // Fallback only: the parent stops us long before.
  setTimeout(() => process.exit(2), Number(process.env.BENCH_CHILD_DEADLINE_MS ?? DEFAULT_CHILD_DEADLINE_MS)).unref();
  process.on('disconnect', () => {
    onDisconnect();
    process.exit(0);
  });
  main().catch((err: unknown) => {
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    if (process.send) process.send({ type: 'fatal', error }, () => process.exit(1));
    else {
      console.error(error);
      process.exit(1);
    }
  });
}
