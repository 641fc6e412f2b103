// npm run backup -- create <file.tar.gz>   |   npm run backup -- restore <file.tar.gz>
// The embedded database of DATA_DIR (default ./data), with the server stopped. PostgreSQL: pg_dump / pg_restore.
import { backupEmbedded, restoreEmbedded } from '../src/db/backup.ts';

const [command, file] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR ?? './data';
try {
  if (command === 'create' && file) {
    backupEmbedded(dataDir, file);
    console.log(`バックアップを作成しました: ${file}`);
  } else if (command === 'restore' && file) {
    restoreEmbedded(file, dataDir);
    console.log(`バックアップを復元しました: ${file} → ${dataDir}`);
  } else {
    console.error('使い方: npm run backup -- create <file.tar.gz> | restore <file.tar.gz>（DATA_DIR のデータベース）');
    process.exit(2);
  }
} catch (err) {
  console.error(`失敗しました: ${(err as Error).message}`);
  process.exit(1);
}
