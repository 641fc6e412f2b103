import { createHash } from 'node:crypto';
import pg from 'pg';

// Named prepared statements for the texts the app repeats (PostgreSQL then parses and plans them once per connection,
// not per call); the name is the text's hash, one-off texts stay unnamed, the names are bounded. Needs a direct or
// session-mode connection (docs/deployment.md).

/** Distinct statements that get a name, at most (each connection prepares those it runs). */
export const MAX_PREPARED_STATEMENTS = 256;
/** Longer texts are one-off bulk statements: never named. */
const MAX_TEXT_LENGTH = 16_384;
/** Texts seen once, remembered until this many (then forgotten, and counted again). */
const MAX_SEEN_ONCE = 4096;

/** Which texts run as named statements; one per pool. */
export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly seenOnce = new Set<string>();

  /** The statement's name, or undefined while it should run unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.named.get(text);
    if (known !== undefined) return known;
    if (text.length > MAX_TEXT_LENGTH || this.named.size >= MAX_PREPARED_STATEMENTS) return undefined;
    if (!this.seenOnce.has(text)) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
      this.seenOnce.add(text);
      return undefined;
    }
    this.seenOnce.delete(text);
    const name = `rm_${createHash('sha1').update(text).digest('base64url')}`;
    this.named.set(text, name);
    return name;
  }

  get size(): number {
    return this.named.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * A node-postgres Client class (for pg.Pool's `Client` option) whose parameterised queries are named by `names`.
 * Queries without parameters (BEGIN, COMMIT, DDL) keep the simple protocol.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  class PreparingClient extends pg.Client {}
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    if (typeof config === 'object' && config !== null && !('submit' in config)) {
      const c = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : c.values;
      if (typeof c.text === 'string' && c.name === undefined && Array.isArray(params) && params.length > 0) {
        const name = names.nameFor(c.text);
        if (name !== undefined) args[0] = { ...c, name };
      }
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return PreparingClient;
}
