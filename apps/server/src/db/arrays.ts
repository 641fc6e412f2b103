// Lists as one array parameter (`= any($1::text[])`) instead of one parameter per value: PostgreSQL's protocol
// takes at most 65,535 parameters a statement, and a wave of 100,000 queued players removed its entries with
// `in ($1 … $100000)` (bench:scale found it).

/** A text[] literal; each element quoted, `"` and `\` escaped. */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** A bigint[] literal of whole numbers. */
export const bigintArray = (values: readonly number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
