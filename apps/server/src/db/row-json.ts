import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// Statements on the hot paths (every signed-in request's session, every report's match lock) as SQL text built once.
// Drizzle's select builder rebuilds the text and the field list on every call: about 0.2 ms for a session with its
// user, 0.07 ms for a locked match on a warm process, several times that in a burst, and a third of an instance's CPU
// in `bench:settlement`. These statements return each row as one JSON object with the row type's keys instead, which
// both drivers parse, so the text is a constant (and a named statement, see prepared.ts) and only the values vary.
// This suits tables whose columns read back as JSON types do: text, booleans, numbers (bigint in number mode, within
// 2^53), jsonb. A test compares every table used here with drizzle's own select.

const built = new Map<string, string>();

/**
 * The text `json_build_object('id', m."id", 'seasonId', m."season_id", …)` for a row of `table` under `alias`: the
 * object has the keys of `typeof table.$inferSelect`.
 */
export function rowJsonText(table: PgTable, alias: string): string {
  const key = `${getTableName(table)} ${alias}`;
  const known = built.get(key);
  if (known !== undefined) return known;
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`row-json: bad alias ${alias}`);
  const pairs = Object.entries(getTableColumns(table)).map(
    ([field, column]) => `'${field}', ${alias}."${column.name.replaceAll('"', '""')}"`,
  );
  // json_build_object takes at most 100 arguments.
  if (pairs.length > 50) throw new Error(`row-json: ${getTableName(table)} has more than 50 columns`);
  const text = `json_build_object(${pairs.join(', ')})`;
  built.set(key, text);
  return text;
}
