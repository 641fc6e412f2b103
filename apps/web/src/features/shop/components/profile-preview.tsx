import type { UserProfile } from '@rankmatch/shared';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgePair } from '../../../components/badge-chip.tsx';
import { SHOP_TEXTS as T } from '../texts.ts';

interface ProfilePreviewProps {
  profile: UserProfile;
  label: string;
  /** The badges to show (slot 1, slot 2); the equipped ones by default. */
  badges?: readonly [string | null, string | null];
}

/** A small profile card (avatar, names, badges) as other players see it next to the player's name. */
export function ProfilePreview({ profile, label, badges }: ProfilePreviewProps) {
  const [first, second] = badges ?? [profile.current_badge, profile.current_badge_2];
  const name = profile.trainer_name.trim();
  return (
    <figure className="profile-preview" aria-label={label}>
      <Avatar url={profile.discord_avatar_url} name={name || profile.discord_username} size={56} />
      <figcaption className="profile-preview__body">
        <span className="profile-preview__name">{name || T.noTrainerName}</span>
        <span className="profile-preview__discord muted">{profile.discord_username}</span>
        <span className="profile-preview__badges">
          {first || second ? <BadgePair first={first} second={second} /> : <span className="muted">{T.noBadges}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
