/**
 * Writes the roster's Japanese name order (packages/shared/src/data/roster-name-order.json): the pokemon_ids sorted
 * as `localeCompare(…, 'ja')` sorts their names. The browser then sorts characters by name without ICU's Japanese
 * collation, whose first use costs a phone 30 ms and more while a page starts. Run it again when the roster changes
 * (packages/shared/test/characters.test.ts fails until then):
 *
 *   npx tsx packages/shared/scripts/roster-name-order.ts
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { japaneseNameOrder } from '../src/characters.ts';

const file = join(dirname(fileURLToPath(import.meta.url)), '../src/data/roster-name-order.json');
writeFileSync(file, `${JSON.stringify(japaneseNameOrder(), null, 1)}\n`);
console.log(`wrote ${file}`);
