import type {
  badges,
  matches,
  matchPlayers,
  matchReports,
  playerMmr,
  seasonAwards,
  seasonRecords,
  seasonStats,
  seasons,
  settings,
  userBadges,
  users,
} from '../db/schema.ts';
import { errorAt, type ImportError, type ImportWarning, type SkippedRow, type SourceRef } from './issues.ts';

// The mapper's shared state: its options, the rows it produces (typed as rankmatch's tables take them), and what it
// skipped, changed or refused along the way.

export interface MapOptions {
  /** Unix seconds of the import: seasons that ended before it are closed, unknown times fall back to it. */
  now: number;
  /**
   * Their badge id → a badge id of rankmatch's catalogue, or null to leave that badge out on purpose. Unitemate's
   * catalogue is its own (badge_001 there is not badge_001 here), so a real import needs one; without it, an id the
   * catalogue has is taken as it is. An id neither maps nor knows is bad input (unknown_badge).
   */
  badgeMap?: Readonly<Record<string, string | null>>;
  /** Added to their match ids when the site already has matches (default 0: the ids stay, so do the match pages). */
  matchIdOffset?: number;
  /**
   * Players who deleted their account on this site since an earlier import: their id → the anonymised remainder that
   * holds their history (deletion/remainders.ts). They are not brought back; their history maps onto the remainder.
   */
  deletedAccounts?: ReadonlyMap<string, string>;
}

export type UserInsert = Required<typeof users.$inferInsert>;
export type UserBadgeInsert = Required<typeof userBadges.$inferInsert>;
/** A catalogue badge's sales count (the other columns stay as the site has them). */
export type BadgeSalesInsert = Pick<typeof badges.$inferInsert, 'id' | 'currentSales'>;
export type SettingInsert = Pick<typeof settings.$inferInsert, 'id' | 'value' | 'updatedAt'>;
export type SeasonInsert = Required<typeof seasons.$inferInsert>;
export type SeasonStatsInsert = Required<typeof seasonStats.$inferInsert>;
export type SeasonRecordInsert = Required<typeof seasonRecords.$inferInsert>;
export type SeasonAwardInsert = Required<typeof seasonAwards.$inferInsert>;
export type MatchInsert = Required<typeof matches.$inferInsert>;
export type MatchPlayerInsert = Required<typeof matchPlayers.$inferInsert>;
export type MatchReportInsert = Required<typeof matchReports.$inferInsert>;
export type PlayerMmrInsert = Required<typeof playerMmr.$inferInsert>;

export interface MappedRows {
  users: UserInsert[];
  userBadges: UserBadgeInsert[];
  badges: BadgeSalesInsert[];
  settings: SettingInsert[];
  seasons: SeasonInsert[];
  seasonStats: SeasonStatsInsert[];
  seasonRecords: SeasonRecordInsert[];
  seasonAwards: SeasonAwardInsert[];
  matches: MatchInsert[];
  matchPlayers: MatchPlayerInsert[];
  matchReports: MatchReportInsert[];
  playerMmr: PlayerMmrInsert[];
}

export interface MapResult {
  rows: MappedRows;
  /** Bad input: nothing may be written while one is left. */
  errors: ImportError[];
  skipped: SkippedRow[];
  warnings: ImportWarning[];
}

export class MapContext {
  readonly result: MapResult = {
    rows: {
      users: [],
      userBadges: [],
      badges: [],
      settings: [],
      seasons: [],
      seasonStats: [],
      seasonRecords: [],
      seasonAwards: [],
      matches: [],
      matchPlayers: [],
      matchReports: [],
      playerMmr: [],
    },
    errors: [],
    skipped: [],
    warnings: [],
  };

  constructor(readonly options: MapOptions) {}

  skip(table: string, key: string, at: SourceRef, reason: string): void {
    this.result.skipped.push({ table, key, file: at.file, line: at.line, reason });
  }

  warn(table: string, key: string, at: SourceRef, message: string): void {
    this.result.warnings.push({ table, key, file: at.file, line: at.line, message });
  }

  error(error: ImportError): void {
    this.result.errors.push(error);
  }

  errorAt(code: ImportError['code'], at: SourceRef, message: string): void {
    this.result.errors.push(errorAt(code, at, message));
  }
}
