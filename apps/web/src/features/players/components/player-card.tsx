import { getBadge, type PlayerPage } from '@rankmatch/shared';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { formatDate } from '../../../lib/format.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';

/** Who the player is: avatar, trainer name (the page's heading), X link, equipped badges, bio, favourites. */
export function PlayerCard({ profile, ownedBadges }: { profile: PlayerPage['profile']; ownedBadges: string[] }) {
  const name = profile.trainer_name.trim() || T.noTrainerName;
  // Ids missing from the bundled catalogue would draw nothing: leave them out.
  const known = (id: string | null): id is string => id !== null && getBadge(id) !== undefined;
  const equipped = [profile.current_badge, profile.current_badge_2].filter(known);
  const owned = ownedBadges.filter(known);
  return (
    <section className="card player-card" aria-labelledby="player-name">
      <div className="player-card__head">
        <Avatar url={profile.discord_avatar_url} name={name} size={72} />
        <div className="player-card__identity">
          <h1 id="player-name" className="player-card__name">
            {name}
          </h1>
          <p className="player-card__meta">
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
            <span>{T.joinedAt(formatDate(profile.created_at))}</span>
          </p>
        </div>
      </div>

      <div>
        <h2 className="section-label">{T.equippedBadges}</h2>
        {equipped.length === 0 ? (
          <p className="player-card__empty muted">{T.noEquippedBadges}</p>
        ) : (
          <ul className="player-badges">
            {equipped.map((id) => (
              <li key={id}>
                <BadgeChip badgeId={id} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <p className={profile.bio ? 'player-card__bio' : 'player-card__bio muted'}>{profile.bio || T.noBio}</p>

      {profile.favorite_pokemon.length > 0 && (
        <div>
          <h2 className="section-label">{T.favorites}</h2>
          <ul className="player-favorites">
            {profile.favorite_pokemon.map((id) => (
              <li key={id}>
                <span aria-hidden="true">
                  <CharacterIcon pokemonId={id} size={26} />
                </span>
                <span>{characterName(id)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {owned.length > 0 && (
        <details className="player-card__owned">
          <summary>{T.ownedBadges(owned.length)}</summary>
          <ul className="player-badges">
            {owned.map((id) => (
              <li key={id}>
                <BadgeChip badgeId={id} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
