import type { RehearsalResult } from './run.ts';

// The rehearsal's table: every invariant with its figure, then the run's figures.

const show = (v: number | null, unit = '') => (v === null ? '–' : `${v}${unit}`);

export function formatResult(result: RehearsalResult): string {
  const f = result.figures;
  const lines: string[] = [];
  lines.push('');
  lines.push(`== rehearsal: ${f.configuration}, ${f.label}, ${f.speed}× ==`);
  for (const c of result.checks) {
    lines.push(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} — ${c.figure}`);
    for (const p of c.problems) lines.push(`        ${p}`);
  }
  lines.push('');
  if (f.imported) {
    lines.push(
      `imported first         ${f.imported.rows} rows in ${f.imported.seconds} s from ${f.imported.folder}; ${f.imported.players} of its players played (${f.imported.discordSignIns} Discord sign-ins, ${f.imported.discordAgain} tried again)`,
    );
  }
  lines.push(`simulated hours        ${f.simulatedHours} (${f.players} players, ${f.sessions} sessions)`);
  lines.push(`waves                  ${f.waves}`);
  lines.push(`matches                ${f.matches} (${f.settled} settled, ${f.voided} void)`);
  lines.push(`reports                ${f.reports} stored, ${f.lateReportsRefused} late ones refused`);
  lines.push(`ready checks           ${f.readyChecks} opened, ${f.readyFailed} failed`);
  lines.push(`wait join → match      p50 ${show(f.waitP50Min, ' min')}, p95 ${show(f.waitP95Min, ' min')} (simulated)`);
  lines.push(`readyCheck after wave  p99 ${show(f.readyCheckP99Ms, ' ms')} (real)`);
  lines.push(`matchFound after start p99 ${show(f.matchFoundP99Ms, ' ms')} (real; the start: the tenth 準備完了)`);
  lines.push(`settlement push        p99 ${show(f.settlePushP99Ms, ' ms')} after the deciding report (real)`);
  lines.push(`requests               ${f.requests}, 5xx ${f.serverErrors}, error log lines ${f.errorLogLines}`);
  lines.push(`sockets                ${f.reconnects} reconnects, ${f.relogins} sign-ins again after expiry`);
  lines.push(`wave turns             claimed at most ${show(f.waveTurnLateMax, ' s')} after their time (simulated)`);
  const warnings = Object.entries(f.warnings);
  if (warnings.length > 0) lines.push(`warnings               ${warnings.map(([m, n]) => `${n}× ${m}`).join('; ')}`);
  for (const i of f.instances) {
    lines.push(
      `${i.name.padEnd(22)} RSS ${show(i.rssStartMb)} → ${show(i.rssEndMb)} MB (max ${show(i.rssMaxMb)}), handles ${show(i.handlesStart)} → ${show(i.handlesEnd)}, ${i.turns} job turns, CPU ${show(i.cpuSeconds, ' s')}, exit ${show(i.exitCode)}`,
    );
    if (i.slowest) lines.push(`${''.padEnd(22)} slowest job runs: ${i.slowest}`);
    if (i.busiest) lines.push(`${''.padEnd(22)} most time in jobs: ${i.busiest}`);
  }
  lines.push(`wall time              ${f.wallSeconds} s (the players' process: CPU ${f.driverCpuSeconds} s)`);
  lines.push(result.ok ? 'all invariants hold' : `${result.checks.filter((c) => !c.ok).length} invariant(s) failed`);
  return lines.join('\n');
}
