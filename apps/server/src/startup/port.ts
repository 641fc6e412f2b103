import { createServer } from 'node:net';

// The HTTP port is checked before anything else starts (database, migrations, the demo's simulation): a port that is
// taken stops the start at once with the fix in Japanese, not 5 s later with a listen error's stack trace.

export class PortUnavailableError extends Error {
  override name = 'PortUnavailableError';
}

/** The explanation of a listen error on `port` (EADDRINUSE, EACCES), or null for any other error. */
export function portProblem(err: unknown, port?: number): PortUnavailableError | null {
  const { code, port: errorPort } = (err ?? {}) as NodeJS.ErrnoException & { port?: number };
  const p = port ?? errorPort;
  if (p === undefined) return null;
  if (code === 'EADDRINUSE') {
    return new PortUnavailableError(
      `ポート ${p} は別のプログラムが使用中です（rankmatch をもう起動していませんか）。` +
        `そのプログラムを止めるか、空いているポートを指定してください: PORT=${p + 1} npm start`,
    );
  }
  if (code === 'EACCES') {
    return new PortUnavailableError(
      `ポート ${p} を開く権限がありません。1024 以上のポートを指定してください: PORT=3000 npm start`,
    );
  }
  return null;
}

/** Resolves when `host:port` can be listened on (the probe is closed again at once); else PortUnavailableError. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (err) => fail(portProblem(err, port) ?? err));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done()));
  });
}
