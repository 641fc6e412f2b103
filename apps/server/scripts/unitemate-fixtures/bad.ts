import { gzipSync } from 'node:zlib';
import type { Item } from './catalogue.ts';
import { dynamoExport, exportLines, type Files, plainJson } from './formats.ts';

// Deliberately bad input, one case per folder under bad/, for the reader's and the mapper's error tests: each must be
// refused with its file and line.

function withoutKey(item: Item, key: string): Item {
  const { [key]: _removed, ...rest } = item;
  return rest;
}

/** `sample` gives the community's own rows to break: two users, two matches, two records, the seasons. */
export function badFiles(
  sample: { users: Item[]; matches: Item[]; records: Item[]; seasons: Item[] },
  files: Files,
): void {
  const [u0, u1] = sample.users as [Item, Item];
  const [m0, m1] = sample.matches as [Item, Item];
  const [r0, r1] = sample.records as [Item, Item];

  // A file cut off in the middle of its second row.
  const whole = plainJson([u0, u1]).toString('utf8');
  files.set('bad/malformed-json/users.json', Buffer.from(whole.slice(0, Math.floor(whole.length * 0.8)), 'utf8'));
  // Not JSON at all.
  files.set('bad/not-json/records.json', Buffer.from('user_id,match_id,rate_delta\n1,2,3\n', 'utf8'));
  // The second match has no match_id.
  files.set('bad/missing-key/export_matches_20251220_120000.json', plainJson([m0, withoutKey(m1, 'match_id')]));
  // A badge neither the badge map nor the catalogue knows.
  files.set('bad/unknown-badge/users.json', plainJson([u0, { ...u1, owned_badges: ['badge_201', 'badge_999'] }]));
  // The same record twice.
  files.set('bad/duplicate-key/records.json', plainJson([r0, r1, { ...r0, rate_delta: 3 }], false));
  // Two seasons active at once.
  const seasons = sample.seasons.map((s) => ({ ...s, is_active: true }));
  files.set('bad/two-active-seasons/master-data.json', plainJson(seasons));

  // A DynamoDB export whose manifest counts one item more than its data file holds.
  const counted = new Map<string, Buffer>();
  dynamoExport(
    { folder: 'bad/manifest-count/users', table: 'unitemate-v2-users-prod', items: [u0, u1], parts: 1 },
    counted,
  );
  for (const [path, bytes] of counted) {
    const text = path.endsWith('manifest-files.json')
      ? bytes.toString('utf8').replace('"itemCount":2', '"itemCount":3')
      : null;
    files.set(path, text === null ? bytes : Buffer.from(text, 'utf8'));
  }
  // A DynamoDB export with a value of an unknown type on the data file's second line.
  const typed = new Map<string, Buffer>();
  dynamoExport(
    { folder: 'bad/dynamodb-type/matches', table: 'unitemate-v2-matches-prod', items: [m0, m1], parts: 1 },
    typed,
  );
  const broken = JSON.stringify({ Item: { namespace: { S: 'default' }, match_id: { X: '2' } } });
  for (const path of typed.keys()) {
    if (path.endsWith('.json.gz')) typed.set(path, gzipSync(Buffer.from(`${exportLines([m0])}${broken}\n`, 'utf8')));
  }
  // The manifest's checksums describe the original data file: write the manifest without them for this case.
  for (const [path, bytes] of typed) {
    const text = path.endsWith('manifest-files.json')
      ? bytes.toString('utf8').replace(/"md5Checksum":"[^"]*",/g, '')
      : null;
    files.set(path, text === null ? bytes : Buffer.from(text, 'utf8'));
  }
}
