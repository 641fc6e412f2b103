import {
  type AdminMatchDetail,
  type AdminSeasonListItem,
  type AdminUserDetail,
  type AuditEntry,
  type CaseDetail,
  type CaseSummary,
  defaultSeasonAwards,
  seasonNumberOf,
  type UserProfile,
} from '@rankmatch/shared';
import { buildProfile, buildSeason } from './data.ts';
import type { Handlers } from './fake-fetch.ts';
import { renderApp, signInAs } from './render-app.tsx';

// Factories and a render helper for the admin screens' tests.

const now = () => Math.floor(Date.now() / 1000);

/** The signed-in admin of every admin test. */
export function buildAdminProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return buildProfile({
    user_id: 'admin_01',
    discord_username: 'site_admin',
    trainer_name: '運営太郎',
    is_admin: true,
    is_dummy: false,
    rate: 1650,
    ...overrides,
  });
}

/** Signs in as the admin (profile cached) and renders the app at `url`. */
export function renderAsAdmin(url: string, handlers: Handlers = {}, profile: Partial<UserProfile> = {}) {
  signInAs(buildAdminProfile(profile), { cacheProfile: true });
  return renderApp(url, handlers);
}

export function buildAdminUser(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    user_id: 'dummy_05',
    trainer_name: 'ゲンガー職人',
    discord_username: 'gengar_05',
    rate: 1580,
    max_rate: 1620,
    match_count: 30,
    win_count: 18,
    win_rate: 60,
    penalty_count: 2,
    penalty_correction: 1,
    effective_penalty: 1,
    is_banned: false,
    is_admin: false,
    is_dummy: true,
    created_at: 1_700_000_000,
    deletion: { requested_at: null, due_at: null, deleted_at: null },
    discord_avatar_url: '',
    last_penalty_time: 1_700_500_000,
    penalty_timeout_until: null,
    current_badge: 'badge_001',
    current_badge_2: null,
    owned_badges: ['badge_001', 'badge_005'],
    owned_badge_records: [
      { badge_id: 'badge_001', source: 'season', reference: 's0', acquired_at: 1_700_100_000 },
      { badge_id: 'badge_005', source: 'admin', reference: null, acquired_at: 1_700_200_000 },
    ],
    season: { season_id: 's1', season_name: 'シーズン1' },
    in_queue: false,
    open_match_id: null,
    reporter_record: { reports: 0, agreed: 0, dissented: 0, alone: 0, alone_rate_low: 0, alone_rate_high: 1 },
    ...overrides,
  };
}

const adminPlayer = (n: number) => ({
  user_id: `dummy_${String(n).padStart(2, '0')}`,
  trainer_name: `選手${n}`,
  role: null,
  rate_before: 1500 + n * 10,
  rate_after: null,
  refunded_at: null,
});

/** A settled match of ten test accounts (team A dummy_01..05, team B dummy_06..10); A won. */
export function buildAdminMatch(overrides: Partial<AdminMatchDetail> = {}): AdminMatchDetail {
  const start = now() - 3600;
  return {
    match_id: '42',
    status: 'done',
    matched_unixtime: start,
    started_at: start,
    player_count: 10,
    report_count: 2,
    lobby_id: '12345678',
    host_user_id: 'dummy_01',
    host_trainer_name: '選手1',
    winner_team: 'A',
    team_a: { players: [1, 2, 3, 4, 5].map(adminPlayer) },
    team_b: { players: [6, 7, 8, 9, 10].map(adminPlayer) },
    settle_reason: 'consensus',
    settled_at: start + 1800,
    corrected_at: null,
    report_deadline_unixtime: start + 7200,
    user_reports: [],
    penalty_summary: [],
    penalty_status: { processed: false, penalty_players: [] },
    refund_options: [],
    ...overrides,
  };
}

export function buildAuditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actor_id: 'admin_01',
    actor_name: '運営太郎',
    action: 'user.update',
    target_type: 'user',
    target_id: 'dummy_05',
    before: { rate: 1500, is_banned: false },
    after: { rate: 1600, is_banned: false },
    created_at: 1_700_000_000 + id,
    ...overrides,
  };
}

/** A season as the admin list shows it: by default running, with the catalogue's rewards for its number. */
/** A season of the admin's list: deletable unless active, with no matches unless told. */
export function buildAdminSeason(overrides: Partial<AdminSeasonListItem> = {}): AdminSeasonListItem {
  const season = buildSeason(overrides);
  return {
    ...season,
    awards: defaultSeasonAwards(seasonNumberOf(season)),
    awards_custom: false,
    ending_started_at: null,
    ending_waits_until: null,
    summary: null,
    match_count: 0,
    deletable: !season.is_active,
    ...overrides,
  };
}

/** An open case of the moderation queue: a dispute of match 42 by dummy_07. */
export function buildCase(id: number, overrides: Partial<CaseSummary> = {}): CaseSummary {
  return {
    case_id: id,
    kind: 'dispute',
    status: 'open',
    severity: 3,
    match_id: '42',
    user_id: 'dummy_07',
    other_user_id: null,
    summary: '選手7 が結果に異議（勝敗が逆になっている）',
    opened_at: 1_717_300_000,
    closed_at: null,
    closed_by: null,
    action: null,
    note: '',
    ...overrides,
  };
}

const caseRecord = (reports: number, alone: number) => ({
  reports,
  agreed: reports - alone,
  dissented: alone,
  alone,
  alone_rate_low: alone === 0 ? 0 : 0.012,
  alone_rate_high: alone === 0 ? 0.125 : 0.3456,
});

/**
 * Case 5 in detail: match 42 settled as A's win by two reports (dummy_01 with a violation report naming dummy_07,
 * reason, note and screenshot 7; dummy_06), disputed by dummy_07 (screenshot 8).
 */
export function buildCaseDetail(overrides: Partial<CaseDetail> = {}): CaseDetail {
  const report = (userId: string, name: string, team: 'A' | 'B') => ({
    user_id: userId,
    trainer_name: name,
    team,
    result: 'A-win' as const,
    reported_at: 1_717_201_000,
    violation_report: '',
    violation_reason: '' as const,
    violation_note: '',
    evidence_id: null,
  });
  return {
    case: buildCase(5),
    match: {
      match_id: '42',
      status: 'done',
      winner: 'A',
      settle_reason: 'consensus',
      started_at: 1_717_200_000,
      settled_at: 1_717_201_200,
      reports: [
        {
          ...report('dummy_01', '選手1', 'A'),
          violation_report: 'dummy_07',
          violation_reason: 'abuse',
          violation_note: 'チャットで暴言',
          evidence_id: 7,
        },
        report('dummy_06', '選手6', 'B'),
      ],
      disputes: [
        {
          dispute_id: 3,
          match_id: '42',
          user_id: 'dummy_07',
          reason: 'wrong_result',
          note: 'こちらが勝っていた',
          evidence_id: 8,
          status: 'open',
          created_at: 1_717_210_000,
          resolved_at: null,
          resolution_note: '',
        },
      ],
    },
    players: [
      {
        user_id: 'dummy_07',
        trainer_name: '選手7',
        team: 'B',
        penalty_count: 1,
        record: caseRecord(40, 6),
        reported_in_matches: 2,
      },
      {
        user_id: 'dummy_01',
        trainer_name: '選手1',
        team: 'A',
        penalty_count: 0,
        record: caseRecord(0, 0),
        reported_in_matches: 0,
      },
    ],
    refund_options: [],
    ...overrides,
  };
}
