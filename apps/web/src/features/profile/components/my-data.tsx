import { PERSONAL_DATA_DOWNLOADS_PER_HOUR, type PersonalData } from '@rankmatch/shared';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { usePersonalData } from '../api/get-personal-data.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';
import './my-data.css';

/** Saves the export as a JSON file (the browser's download of an object URL). */
function saveFile(data: PersonalData): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = T.myDataFileName(data.user_id, new Date(data.exported_at * 1000));
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** あなたのデータ: what the site holds about the player, downloaded as JSON, with a readable summary of it. */
export function MyData() {
  const data = usePersonalData();
  const download = useSingleFlight(data);
  const summary = data.data
    ? Object.entries(data.data.tables).map(([table, rows]) => ({ table, label: T.myDataTable(table), n: rows.length }))
    : null;
  return (
    <section className="card my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="card__title">
        <Icon name="key" className="card__title-icon" />
        {T.myDataTitle}
      </h2>
      <p className="my-data__lead">{T.myDataLead(PERSONAL_DATA_DOWNLOADS_PER_HOUR)}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={data.isPending}
        onClick={() => download(undefined, { onSuccess: saveFile })}
      >
        {data.isPending ? T.myDataPreparing : T.myDataDownload}
      </button>
      {data.error && (
        <Notice tone="danger" live>
          <p>{data.error.message}</p>
        </Notice>
      )}
      {summary && (
        <Notice tone="success" live>
          <p>{T.myDataSaved}</p>
          <ul className="my-data__summary">
            {summary.map((s) => (
              <li key={s.table}>{T.myDataCount(s.label, s.n)}</li>
            ))}
          </ul>
        </Notice>
      )}
    </section>
  );
}
