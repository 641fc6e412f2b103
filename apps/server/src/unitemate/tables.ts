// Unitemate's DynamoDB tables (backend/serverless.yml) and how their files are recognised: by the file name of a
// plain JSON export (users.json, export_matches_20250913_095215.json, …) or by the table ARN in a DynamoDB export's
// manifest-summary.json (…:table/unitemate-v2-users-prod).

export const UNITEMATE_TABLES = [
  'users',
  'matches',
  'records',
  'master_data',
  'rankings',
  'queue',
  'connections',
  'pick_simulator_rooms',
] as const;
export type UnitemateTable = (typeof UNITEMATE_TABLES)[number];

/** The tables the import brings over; the others hold caches or live state (see docs/unitemate-import.md). */
export const IMPORTED_TABLES = ['users', 'matches', 'records', 'master_data'] as const;
export type ImportedTable = (typeof IMPORTED_TABLES)[number];

/** Each table's key attributes (partition key, then sort key). */
export const TABLE_KEYS: Record<UnitemateTable, readonly string[]> = {
  users: ['namespace', 'user_id'],
  matches: ['namespace', 'match_id'],
  records: ['user_id', 'match_id'],
  master_data: ['data_type', 'id'],
  rankings: ['ranking_type', 'rank'],
  queue: ['namespace', 'user_id'],
  connections: ['connection_id'],
  pick_simulator_rooms: ['room_id'],
};

/** Why a recognised table is not imported (the summary's wording). */
export const NOT_IMPORTED_REASON: Record<Exclude<UnitemateTable, ImportedTable>, string> = {
  rankings: 'ランキングの計算結果（rankmatch が自分で計算します）',
  queue: 'キューと進行中の状態（移行時点の待ち行列は引き継ぎません）',
  connections: 'WebSocket の接続情報',
  pick_simulator_rooms: 'BANPICK シミュレーターの一時データ',
};

// More specific names first: "pick-simulator-rooms" and "master-data" before the single words.
const PATTERNS: readonly [RegExp, UnitemateTable][] = [
  [/pick[-_]?simulator/i, 'pick_simulator_rooms'],
  [/master[-_]?data/i, 'master_data'],
  [/connections/i, 'connections'],
  [/rankings?/i, 'rankings'],
  [/queue/i, 'queue'],
  [/records/i, 'records'],
  [/matches/i, 'matches'],
  [/users/i, 'users'],
];

/** The table a file name or table name speaks of, or null. */
export function tableOfName(name: string): UnitemateTable | null {
  for (const [pattern, table] of PATTERNS) if (pattern.test(name)) return table;
  return null;
}

export function isImportedTable(table: UnitemateTable): table is ImportedTable {
  return (IMPORTED_TABLES as readonly string[]).includes(table);
}
