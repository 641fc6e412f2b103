import { buildApp } from './app.ts';
import { installSimulatedClock, wallClockTimeout } from './clock/install.ts';
import { ConfigError, listenAddress, loadConfig } from './config.ts';
import { unixNow } from './context.ts';
import { DatabaseLockedError, openDatabase } from './db/client.ts';
import { readableLogStream } from './log.ts';
import { SEASON_END_JOB } from './seasons/end.ts';
import { seedDemoData } from './seed/demo.ts';
import { seedOnStart } from './seed/index.ts';
import { assertPortFree, PortUnavailableError, portProblem } from './startup/port.ts';
import { warmUp } from './startup/warm-up.ts';

// Entry point: validate configuration, open (and migrate) the database, seed, serve; stop cleanly on SIGTERM/SIGINT.
async function main(): Promise<void> {
  const startedAt = performance.now();
  // The port first: a start that cannot serve writes nothing (no database, no generated secret).
  const { port, host } = listenAddress();
  await assertPortFree(port, host);
  const config = loadConfig();
  if (config.simulatedClock) installSimulatedClock(config.simulatedClock);
  const database = await openDatabase(config);
  // Readable lines in a terminal during development; JSON lines in production and into pipes (machines read them:
  // the rehearsal, the fault suite, a log collector).
  const readable = config.env !== 'production' && process.stdout.isTTY;
  const logger = readable ? { level: config.logLevel, stream: readableLogStream() } : undefined;
  const { app, ctx, jobs, modules } = await buildApp({ config, database, ...(logger && { logger }) });
  await seedOnStart(database.db, config, unixNow());
  if (config.seedDemoData && config.dummyLogin.enabled) {
    const demo = await seedDemoData({ ctx, seasons: modules.seasons, achievements: modules.achievements }, unixNow());
    if (demo) {
      const { accuracy } = demo;
      app.log.info(
        {
          matches: demo.matches,
          reports: demo.reports,
          ms: demo.ms,
          rank_correlation: Number(accuracy.rank_correlation.toFixed(3)),
          mmr_rank_correlation: Number(accuracy.mmr_rank_correlation.toFixed(3)),
          start_rank_correlation: Number(accuracy.start_rank_correlation.toFixed(3)),
          brier: Number(accuracy.brier.toFixed(4)),
          brier_truth: Number(accuracy.brier_truth.toFixed(4)),
        },
        `デモシーズンをシミュレーションしました: ${demo.matches}試合（実力との順位相関: レート ${accuracy.rank_correlation.toFixed(2)}、内部レート ${accuracy.mmr_rank_correlation.toFixed(2)}、シーズン開始時のレート ${accuracy.start_rank_correlation.toFixed(2)}）`,
      );
    }
  }
  // Seasons whose end is due (or stopped half-way) are ended before serving, not a minute later.
  await jobs.run(SEASON_END_JOB);
  await modules.ranking.snapshot.reload();
  await warmUp({ stats: modules.stats.cache });
  jobs.start();

  if (config.env === 'production' && config.dummyLogin.enabled) {
    app.log.warn('テストアカウントでのログインが本番環境で有効です（ENABLE_DUMMY_LOGIN=true）');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // Wall-clock seconds even on a rehearsal's fast clock (there, 10 simulated seconds are a few real ms).
    const force = wallClockTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      dummy_login: config.dummyLogin.enabled,
      startup_ms: Math.round(performance.now() - startedAt),
    },
    'rankmatch is serving',
  );
}

main().catch((thrown: unknown) => {
  // A port taken between the check and the listen gets the same explanation.
  const err = portProblem(thrown) ?? thrown;
  if (err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof PortUnavailableError) {
    console.error(`\n起動できません: ${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
