// A small set of line icons (inline SVG, no icon font or emoji font needed).

const PATHS = {
  megaphone: 'M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z M15 9a3 3 0 0 1 0 6 M18 6a7 7 0 0 1 0 12',
  book: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z M4 21V5 M8 7h7 M8 11h7',
  chart: 'M4 20h16 M6 16l4-5 3 3 5-7',
  stats: 'M5 20V10 M12 20V4 M19 20v-7',
  trophy: 'M8 21h8 M12 17v4 M7 4h10v5a5 5 0 0 1-10 0z M7 6H4a3 3 0 0 0 3 4 M17 6h3a3 3 0 0 1-3 4',
  flag: 'M5 21V4 M5 4h11l-2 4 2 4H5',
  controller:
    'M6 8h12a4 4 0 0 1 4 4v1a4 4 0 0 1-7 2.6L14 14h-4l-1 1.6A4 4 0 0 1 2 13v-1a4 4 0 0 1 4-4z M7 11v3 M5.5 12.5h3 M16 12h.01 M18 13.5h.01',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4',
  medal: 'M12 14a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M8 3l4 8 4-8 M6 3h4 M14 3h4',
  lock: 'M6 11h12v10H6z M8 11V7a4 4 0 0 1 8 0v4 M12 15v2',
  key: 'M14 10a4 4 0 1 0-3.5 4L4 20.5V22h3v-2h2v-2h2l1.5-1.5A4 4 0 0 0 14 10z M15 9h.01',
  swords: 'M4 20L14 10 M10 4l10 10 M4 4l6 6 M14 14l6 6 M17 4h3v3 M4 17v3h3',
  tools: 'M14 6l4 4 M4 20l7-7 M13 4l7 7-2 2-7-7z M5 17l2 2',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  sparkles:
    'M12 3l1.8 4.2L18 9l-4.2 1.8L12 15l-1.8-4.2L6 9l4.2-1.8z M19 15l.8 1.7 1.7.8-1.7.8L19 20l-.8-1.7-1.7-.8 1.7-.8z',
  crown: 'M4 18h16 M4 18L3 7l5 4 4-6 4 6 5-4-1 11',
  copy: 'M9 9h11v11H9z M5 15H4V4h11v1',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7 M20 4v7h-7',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 7v5l3 2',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M2 21c0-4 3-6 7-6s7 2 7 6 M16 3.5a4 4 0 0 1 0 7.5 M18 15c2.4.6 4 2.5 4 6',
  hourglass: 'M6 3h12 M6 21h12 M7 3c0 5 10 5 10 9s-10 4-10 9 M17 3c0 5-10 5-10 9s10 4 10 9',
  plugOff: 'M9 7V3 M15 7V3 M6 7h12v4a6 6 0 0 1-12 0z M12 17v4 M3 3l18 18',
  alert: 'M12 3l10 18H2z M12 10v5 M12 18h.01',
  send: 'M4 12l16-8-6 16-3-7z M11 13l9-9',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 21h4',
  volume: 'M4 9v6h4l5 4V5L8 9z M16 9a4 4 0 0 1 0 6 M19 6a8 8 0 0 1 0 12',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
