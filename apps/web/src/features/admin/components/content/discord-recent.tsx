import { DISCORD_ANNOUNCE_KIND_LABELS, type DiscordSettings } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.discord;

type Delivery = DiscordSettings['recent'][number];

const kindLabel = (kind: Delivery['kind']) =>
  kind === 'test' ? T.kindLabels.test : DISCORD_ANNOUNCE_KIND_LABELS[kind];

/** The channel's latest deliveries, newest first: when, what kind, its state (and why it failed), the text. */
export function DiscordRecent({ recent }: { recent: readonly Delivery[] }) {
  return (
    <section className="admin-discord__recent" aria-labelledby="admin-discord-recent-title">
      <h3 id="admin-discord-recent-title" className="section-label">
        {T.recentTitle}
      </h3>
      {recent.length === 0 ? (
        <p className="muted">{T.recentEmpty}</p>
      ) : (
        <ul className="admin-discord__list">
          {recent.map((d) => (
            <li key={d.id} className="admin-discord__item">
              <div className="admin-discord__meta">
                <time dateTime={new Date(d.created_at * 1000).toISOString()}>{formatDateTime(d.created_at)}</time>
                <span>{kindLabel(d.kind)}</span>
                <span className={`admin-discord__status admin-discord__status--${d.status}`}>{T.status[d.status]}</span>
              </div>
              {d.error && d.status !== 'sent' && <p className="field__error">{d.error}</p>}
              <p className="admin-discord__content">{d.content}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
