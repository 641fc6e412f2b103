// An app instance in a child process of a bench (IPC, see InstanceCommand/InstanceReport in instance.ts), so that a
// second instance runs on another CPU than the bench's own process: on the database of BENCH_DATABASE_URL and the
// Redis channel BENCH_REDIS_CHANNEL of BENCH_REDIS_URL, which the bench has set up already.
import { type InstanceCommand, InstanceProbes, type InstanceReport, startInstance } from './instance.ts';
import { runChild, toParent } from './procs.ts';
import { mono } from './stats.ts';

const report = (message: InstanceReport) => toParent(message);

runChild(async () => {
  const instance = await startInstance({
    label: process.env.BENCH_INSTANCE_LABEL ?? 'instance',
    databaseUrl: process.env.BENCH_DATABASE_URL,
    redisUrl: process.env.BENCH_REDIS_URL,
    channel: process.env.BENCH_REDIS_CHANNEL,
  });
  const probes = new InstanceProbes(instance);
  process.on('message', (command: InstanceCommand) => {
    switch (command.cmd) {
      case 'probeReset':
        probes.reset();
        report({ type: 'probeReset' });
        return;
      case 'probeReport':
        report({ type: 'probe', report: probes.report() });
        return;
      case 'wave': {
        const started = mono();
        instance.waves.run({ force: true }).then(
          (outcome) => report({ type: 'wave', outcome, started, ended: mono() }),
          (err: unknown) => report({ type: 'fatal', error: String(err) }),
        );
        return;
      }
      case 'size':
        report({ type: 'size', size: instance.hub.size });
        return;
      case 'shutdown': {
        probes.stop();
        setTimeout(() => process.exit(0), 5000).unref();
        instance.close().finally(() => process.exit(0));
        return;
      }
    }
  });
  report({ type: 'ready', port: instance.port });
});
