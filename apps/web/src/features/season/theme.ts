import { DEFAULT_THEME_COLOR } from '@rankmatch/shared';
import { contrast, MIN_CONTRAST, readableTextColor } from '../../lib/color.ts';

// The season's theme colour drives the site's CSS custom properties. The accent is darkened until white text on it
// reaches a 4.5:1 contrast, so buttons stay readable whatever colour an admin picks.

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export const contrastWithWhite = (rgb: Rgb) => 1.05 / (luminance(rgb) + 0.05);

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as Rgb;

function heatInk(base: Rgb): string {
  const ends = [toHex(base), toHex(mix(base, [255, 255, 255], 0.4))];
  const both = readableTextColor('#000000', ends);
  return ends.every((end) => (contrast(both, end) ?? 0) >= MIN_CONTRAST)
    ? both
    : readableTextColor('#000000', [ends[0]!]);
}

/** CSS variables for a theme colour (#rrggbb); an invalid colour falls back to the default theme. */
export function themeVariables(color: string | null | undefined): Record<string, string> {
  const base = parseHex(color ?? '') ?? (parseHex(DEFAULT_THEME_COLOR) as Rgb);
  let accent = base;
  for (let step = 0; step < 20 && contrastWithWhite(accent) < 4.5; step++) accent = mix(accent, [0, 0, 0], 0.08);
  return {
    '--theme': toHex(base),
    '--theme-accent': toHex(accent),
    '--theme-soft': toHex(mix(base, [255, 255, 255], 0.88)),
    '--theme-softer': toHex(mix(base, [255, 255, 255], 0.94)),
    '--theme-deep': toHex(mix(base, [10, 14, 26], 0.55)),
    // Text on the theme colour and its mixes with white down to 60 % (the heat map's strong cells): black when it
    // reads on both ends (the default orange), else black or white for the full colour.
    '--theme-heat-60': toHex(mix(base, [255, 255, 255], 0.4)),
    '--theme-ink': heatInk(base),
  };
}

/** Whole days left until `end` (rounded up), or null when the season has ended. */
export function daysRemaining(endUnixSeconds: number, nowMs: number = Date.now()): number | null {
  const seconds = endUnixSeconds - nowMs / 1000;
  if (seconds <= 0) return null;
  return Math.ceil(seconds / 86_400);
}

export const SEASON_BAR_MAX_RATE = 2000;

/** The season bar: max_rate over 2000, capped at 100 %. */
export function seasonBarPercent(maxRate: number): number {
  return Math.max(0, Math.min(100, (maxRate / SEASON_BAR_MAX_RATE) * 100));
}
