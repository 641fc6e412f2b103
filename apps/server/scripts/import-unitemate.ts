// npm run import:unitemate -- <folder> [--dry-run] [--badge-map <file.json>] [--batch <rows>]
// Moves a Unitemate community in (docs/unitemate-import.md): the database of DATA_DIR (default ./data, server
// stopped) or DATABASE_URL. Bad input is listed with its file and line, and nothing is written; a dry run writes
// nothing and counts what would change; a rerun changes nothing; a stopped run continues where it stopped.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeAdmins } from '../src/accounts/writes.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { unixNow } from '../src/context.ts';
import { DatabaseLockedError, openDatabase } from '../src/db/client.ts';
import { ImportRefusedError, mapForSite, writeImport } from '../src/unitemate/import.ts';
import { formatWhere } from '../src/unitemate/issues.ts';
import { mapUnitemate } from '../src/unitemate/mapper.ts';
import { readUnitemateFolder } from '../src/unitemate/reader.ts';

const USAGE = '使い方: npm run import:unitemate -- <フォルダ> [--dry-run] [--badge-map <対応表.json>] [--batch <行数>]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

function readBadgeMap(file: string): Record<string, string | null> {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return fail(`勲章の対応表 ${file} を読めません: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      'badge-map': { type: 'string' },
      batch: { type: 'string', default: '1000' },
    },
  });
  const [folder] = positionals;
  const batchSize = Number(values.batch);
  if (!folder || !Number.isInteger(batchSize) || batchSize < 1) fail(USAGE, 2);
  const badgeMap = values['badge-map'] ? readBadgeMap(values['badge-map']) : undefined;

  const read = readUnitemateFolder(folder);
  const offline = mapUnitemate(read.dump, { now: unixNow(), badgeMap });
  const errors = [...read.errors, ...offline.errors];
  // Bad input stops the run before a database is opened (or a data folder made).
  if (errors.length > 0) {
    for (const e of errors) console.error(`${formatWhere(e)}: ${e.message}`);
    fail(`\n入力に ${errors.length} 件の問題があるため、何も書き込んでいません。`);
  }
  console.log(`読み込み: ${read.files.length} ファイル（対象外 ${read.unrecognised.length}）`);

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    // Mapped again against the site: players who deleted their account here stay deleted (map-deleted.ts).
    const mapped = await mapForSite(database.db, read.dump, { now: unixNow(), badgeMap }, offline);
    const summary = await writeImport(database.db, mapped.rows, {
      dryRun: values['dry-run'],
      batchSize,
      afterBatch: (table, done, of) => {
        if (process.stdout.isTTY) process.stdout.write(`\r${table}: ${done}/${of}   `);
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\r');
    // The site's own admins (ADMIN_USER_IDS) stay admins whatever the other site said about them.
    if (!summary.dryRun) await makeAdmins(database.db, config.adminUserIds);
    console.log(summary.dryRun ? '\nドライラン（何も書き込んでいません）:' : '\n移行しました:');
    console.log('テーブル            行数   追加   更新   変更なし');
    for (const t of summary.tables) {
      const cells = [t.rows, t.inserted, t.updated, t.unchanged].map((n) => String(n).padStart(6));
      console.log(`${t.table.padEnd(18)}${cells.join(' ')}`);
    }
    const perSecond = Math.round(summary.rows / (summary.ms / 1000));
    console.log(`\n${summary.rows} 行、${(summary.ms / 1000).toFixed(1)} 秒（${perSecond} 行/秒、${database.kind}）`);
    const reasons = new Map<string, number>();
    for (const s of mapped.skipped)
      reasons.set(`${s.table}: ${s.reason}`, (reasons.get(`${s.table}: ${s.reason}`) ?? 0) + 1);
    if (reasons.size > 0) console.log('\n移行しなかった行:');
    for (const [reason, n] of reasons) console.log(`  ${n} 件  ${reason}`);
    if (mapped.warnings.length > 0) console.log(`\n値を変えて移行した箇所: ${mapped.warnings.length} 件`);
    for (const w of mapped.warnings.slice(0, 20)) console.log(`  ${formatWhere(w)}: ${w.message}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ImportRefusedError || err instanceof ConfigError || err instanceof DatabaseLockedError) {
    fail(`移行できません: ${err.message}`);
  }
  console.error(err);
  process.exit(1);
});
