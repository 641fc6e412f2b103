import { type AccountDeletion, type AdminUserDetail, suspensionNotice } from '@rankmatch/shared';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { formatDateTime, formatInteger, formatLongDate, formatPercent } from '../../../../lib/format.ts';
import { useAdminSanctions } from '../../api/sanctions.ts';
import { formatShare } from '../../case-format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { Fact, Facts } from '../facts.tsx';
import { OwnedBadgeList } from './owned-badge-list.tsx';

const T = ADMIN_TEXTS.users;

const timeOrNone = (unix: number | null) => (unix === null ? ADMIN_TEXTS.none : formatDateTime(unix));

/** Everything about a user an admin checks before editing (spec admin §2 user management). */
export function UserDetailView({ user, saved, onEdit }: { user: AdminUserDetail; saved: boolean; onEdit: () => void }) {
  const name = user.trainer_name || ADMIN_TEXTS.notSet;
  return (
    <section className="card admin-user" aria-labelledby="admin-user-title">
      <header className="admin-user__header">
        <h2 id="admin-user-title" className="card__title">
          {name}
        </h2>
        <button type="button" className="button button--primary button--small" onClick={onEdit}>
          {ADMIN_TEXTS.edit}
        </button>
      </header>
      {saved && (
        <Notice tone="success" live>
          <p>{T.updated}</p>
        </Notice>
      )}
      <DeletionNote deletion={user.deletion} />

      <h3 className="admin-user__section">{T.basicTitle}</h3>
      <Facts>
        <Fact label={T.userId}>
          <span className="admin-mono">{user.user_id}</span>
        </Fact>
        <Fact label={T.discordName}>{user.discord_username}</Fact>
        <Fact label={T.trainerName}>{name}</Fact>
        <Fact label={T.createdAt}>{formatLongDate(user.created_at)}</Fact>
      </Facts>

      <h3 className="admin-user__section">{T.rateTitle}</h3>
      <Facts>
        <Fact label={T.season}>{user.season?.season_name ?? T.noSeason}</Fact>
        <Fact label={T.currentRate}>{formatInteger(user.rate)}</Fact>
        <Fact label={T.maxRate}>{formatInteger(user.max_rate)}</Fact>
        <Fact label={T.matches}>{formatInteger(user.match_count)}</Fact>
        <Fact label={T.wins}>{formatInteger(user.win_count)}</Fact>
        <Fact label={T.winRate}>{formatPercent(user.win_rate)}</Fact>
      </Facts>

      <h3 className="admin-user__section">{T.penaltyTitle}</h3>
      <Facts>
        <Fact label={T.penaltyCount}>{user.penalty_count}</Fact>
        <Fact label={T.penaltyCorrection}>{user.penalty_correction}</Fact>
        <Fact label={T.effectivePenalty}>
          <span className={user.effective_penalty > 0 ? 'text-danger' : undefined}>{user.effective_penalty}</span>
        </Fact>
        <Fact label={T.lastPenalty}>{timeOrNone(user.last_penalty_time)}</Fact>
        <Fact label={T.timeoutUntil}>{timeOrNone(user.penalty_timeout_until)}</Fact>
      </Facts>

      <ReporterRecordFacts record={user.reporter_record} />

      <h3 className="admin-user__section">{T.badgeTitle}</h3>
      <Facts>
        <Fact label={T.equippedSlot(1)}>
          {user.current_badge ? <BadgeChip badgeId={user.current_badge} /> : ADMIN_TEXTS.none}
        </Fact>
        <Fact label={T.equippedSlot(2)}>
          {user.current_badge_2 ? <BadgeChip badgeId={user.current_badge_2} /> : ADMIN_TEXTS.none}
        </Fact>
      </Facts>
      <p className="field__hint">{T.equipNote}</p>
      <h4 className="admin-user__subsection">{T.owned(user.owned_badges.length)}</h4>
      <OwnedBadgeList user={user} />

      <h3 className="admin-user__section">{T.statusTitle}</h3>
      <Facts>
        <Fact label={T.accountLabel}>
          <AccountState userId={user.user_id} banned={user.is_banned} />
        </Fact>
        <Fact label={T.roleLabel}>{user.is_admin ? T.roleAdmin : T.roleUser}</Fact>
        <Fact label={T.queueLabel}>{user.in_queue ? T.inQueue : T.notInQueue}</Fact>
        <Fact label={T.matchLabel}>{user.open_match_id ? T.openMatch(user.open_match_id) : T.noOpenMatch}</Fact>
        <Fact label={T.deletionLabel}>{deletionFact(user.deletion)}</Fact>
      </Facts>
    </section>
  );
}

/** The account's deletion in words: none, the grace period (asked, due), or done. */
function deletionFact(deletion: AccountDeletion): string {
  if (deletion.deleted_at !== null) return T.deletedFact(formatDateTime(deletion.deleted_at));
  if (deletion.requested_at === null || deletion.due_at === null) return T.deletionNone;
  return T.deletionPendingFact(formatDateTime(deletion.requested_at), formatDateTime(deletion.due_at));
}

/** A pending deletion (the grace period an admin can see) or a deleted account's remainder, said up front. */
function DeletionNote({ deletion }: { deletion: AccountDeletion }) {
  if (deletion.deleted_at !== null) {
    return (
      <Notice tone="info">
        <p>{T.deletedNote}</p>
      </Notice>
    );
  }
  if (deletion.due_at === null) return null;
  return (
    <Notice tone="warning">
      <p>{T.deletionPendingNote(formatDateTime(deletion.due_at))}</p>
    </Notice>
  );
}

/** Their reports against the results their matches settled on (issue 34), with the interval of lone dissent. */
function ReporterRecordFacts({ record }: { record: AdminUserDetail['reporter_record'] }) {
  return (
    <>
      <h3 className="admin-user__section">{T.recordTitle}</h3>
      <Facts>
        <Fact label={T.recordReports}>{formatInteger(record.reports)}</Fact>
        <Fact label={T.recordAgreed}>{formatInteger(record.agreed)}</Fact>
        <Fact label={T.recordDissented}>{formatInteger(record.dissented)}</Fact>
        <Fact label={T.recordAlone}>{formatInteger(record.alone)}</Fact>
        <Fact label={T.recordInterval}>
          {record.reports === 0
            ? ADMIN_TEXTS.dash
            : ADMIN_TEXTS.cases.interval(formatShare(record.alone_rate_low), formatShare(record.alone_rate_high))}
        </Fact>
      </Facts>
      <p className="field__hint">{T.recordHint}</p>
    </>
  );
}

/** 利用停止中 (the ban), else マッチング停止中 until its end (the latest active suspension rules), else 通常. */
function AccountState({ userId, banned }: { userId: string; banned: boolean }) {
  const sanctions = useAdminSanctions(userId);
  if (banned) return <span className="text-danger">{T.accountBanned}</span>;
  const ends = (sanctions.data?.suspensions ?? [])
    .filter((s) => s.state === 'active')
    .reduce<number | null>((latest, s) => Math.max(latest ?? 0, s.ends_at), null);
  return ends === null ? T.accountNormal : <span className="text-danger">{suspensionNotice(ends)}</span>;
}
