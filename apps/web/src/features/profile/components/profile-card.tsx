import type { UserProfile } from '@rankmatch/shared';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PROFILE_TEXTS as T } from '../texts.ts';

interface ProfileCardProps {
  profile: UserProfile;
  onEdit: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Opens the badge picker of a slot. */
  onEditBadge: (slot: 1 | 2) => void;
}

export function ProfileCard({ profile, onEdit, onLogout, loggingOut = false, onEditBadge }: ProfileCardProps) {
  return (
    <section className="card profile-card" aria-labelledby="profile-name">
      <ProfileIdentity profile={profile} />

      {profile.is_dummy && <Notice tone="warning">{T.dummyNotice}</Notice>}

      <p className={profile.bio ? 'profile-card__bio' : 'profile-card__bio muted'}>{profile.bio || T.noBio}</p>

      {profile.favorite_pokemon.length > 0 && <FavoriteList favorites={profile.favorite_pokemon} />}

      <BadgeSlots profile={profile} onEditBadge={onEditBadge} />

      <div className="profile-card__actions">
        <button type="button" className="button button--primary" onClick={onEdit}>
          {T.edit}
        </button>
        <button type="button" className="button button--secondary" onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? T.loggingOut : T.logout}
        </button>
      </div>
    </section>
  );
}

/** Avatar, trainer name (the card's title), Discord name and the X link. */
function ProfileIdentity({ profile }: { profile: UserProfile }) {
  const name = profile.trainer_name.trim();
  return (
    <div className="profile-card__head">
      <Avatar url={profile.discord_avatar_url} name={name || profile.discord_username} size={72} />
      <div className="profile-card__identity">
        <h2 id="profile-name" className="profile-card__name">
          {name || T.noTrainerName}
        </h2>
        <p className="profile-card__meta">
          <span>
            <span className="visually-hidden">{T.discordName}: </span>
            <DiscordIcon />
            {profile.discord_username}
          </span>
          {profile.twitter_id && (
            <a
              href={`https://x.com/${encodeURIComponent(profile.twitter_id)}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={T.twitterAria(profile.twitter_id)}
            >
              {T.twitterLink(profile.twitter_id)}
            </a>
          )}
        </p>
      </div>
    </div>
  );
}

function FavoriteList({ favorites }: { favorites: string[] }) {
  return (
    <div className="profile-card__favorites">
      <h3 className="section-label">{T.favorites}</h3>
      <ul className="favorite-list">
        {favorites.map((id) => (
          <li key={id}>
            <CharacterIcon pokemonId={id} size={28} />
            <span>{characterName(id)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The two badge slots, each with its badge (or empty) and its change button. */
function BadgeSlots({ profile, onEditBadge }: { profile: UserProfile; onEditBadge: (slot: 1 | 2) => void }) {
  return (
    <div className="profile-card__badges">
      <h3 className="section-label">{T.badges}</h3>
      <div className="badge-slots">
        {([1, 2] as const).map((slot) => {
          const badgeId = slot === 1 ? profile.current_badge : profile.current_badge_2;
          return (
            <div key={slot} className="badge-slot">
              <span className="badge-slot__label">{T.badgeSlot(slot)}</span>
              <span className="badge-slot__value">
                {badgeId ? <BadgeChip badgeId={badgeId} /> : <span className="muted">{T.badgeEmpty}</span>}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onEditBadge(slot)}
                aria-label={T.changeBadge(slot)}
              >
                {T.change}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function DiscordIcon() {
  return (
    <svg className="inline-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="currentColor">
      <path d="M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18.2 18.2 0 0 0-5.6 0L8.6 3a19.5 19.5 0 0 0-4.9 1.5C.6 9.1-.3 13.7.1 18.2A19.8 19.8 0 0 0 6.1 21l1.3-2.1a12.8 12.8 0 0 1-2-1l.5-.4a14 14 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.7 19.7 0 0 0 6-2.8c.5-5.3-.8-9.8-3.6-13.8Z" />
    </svg>
  );
}
