import { ROLE_LABELS, type Role } from '@rankmatch/shared';

// Player roles in a match (spec §6) as small line icons: upper lane, centre, lower lane, support, tank.

const PATHS: Record<Role, string> = {
  TOP_LANE: 'M12 19V5 M6 11l6-6 6 6',
  MIDDLE: 'M12 3v4 M12 17v4 M3 12h4 M17 12h4 M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  BOTTOM_LANE: 'M12 5v14 M6 13l6 6 6-6',
  SUPPORT: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z M12 9v6 M9 12h6',
  TANK: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
};

/**
 * The role as an icon with its Japanese label as accessible name and tooltip; `decorative` when the label is
 * written next to it anyway.
 */
export function RoleIcon({ role, size = 20, decorative = false }: { role: Role; size?: number; decorative?: boolean }) {
  const label = ROLE_LABELS[role];
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label, title: label };
  return (
    <span className={`role-icon role-icon--${role.toLowerCase()}`} {...a11y}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <path
          d={PATHS[role]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
