import type { SeasonRecord } from '@rankmatch/shared';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { SeasonRecordList } from '../../../components/season-record-list.tsx';
import { PLAYERS_TEXTS as T } from '../texts.ts';

/** The finished seasons, newest first as the server sends them: final rank (or ランク外), numbers, badges. */
export function SeasonRecords({ records }: { records: SeasonRecord[] }) {
  return (
    <section className="card" aria-labelledby="player-records-title">
      <h2 id="player-records-title" className="card__title">
        <Icon name="calendar" className="card__title-icon" />
        {T.recordsTitle}
      </h2>
      {records.length === 0 ? (
        <EmptyState icon={<Icon name="calendar" size={32} />}>{T.recordsEmpty}</EmptyState>
      ) : (
        <SeasonRecordList records={records} />
      )}
    </section>
  );
}
