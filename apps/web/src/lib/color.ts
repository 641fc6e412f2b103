// Text colours that stay readable (WCAG AA: a contrast of at least 4.5:1) on backgrounds chosen as data: a season's
// theme colour, a badge's colours from the catalogue or an admin.

// Black and white: on any colour one of them reaches at least 4.58:1 (a near-black would not on mid-tones).
const DARK = '#000000';
const LIGHT = '#ffffff';
export const MIN_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** The contrast ratio of two #rgb / #rrggbb colours (1–21), or null when one is not such a colour. */
export function contrast(a: string, b: string): number | null {
  const [la, lb] = [luminance(a), luminance(b)];
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `preferred` when it reaches 4.5:1 on every background (a gradient's stops), else dark or white text, whichever
 * reads better on the worst of them. Colours that cannot be read (not hex) keep `preferred`.
 */
export function readableTextColor(preferred: string, backgrounds: string[]): string {
  const worst = (text: string) => Math.min(...backgrounds.map((bg) => contrast(text, bg) ?? Number.POSITIVE_INFINITY));
  if (worst(preferred) >= MIN_CONTRAST) return preferred;
  return worst(DARK) >= worst(LIGHT) ? DARK : LIGHT;
}

/** `hex` mixed with black by `amount` (0–1). */
export function darken(hex: string, amount: number): string {
  const rgb = channels(hex);
  if (!rgb) return hex;
  return `#${rgb
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Text on a gradient from a light to a dark colour, where no text colour reads on both ends: white text, and the
 * smallest shade of black laid over the gradient that makes it read on every stop. `shade` is 0 when the text
 * colour alone does.
 */
export function readableOnGradient(preferred: string, stops: string[]): { color: string; shade: number } {
  const color = readableTextColor(preferred, stops);
  const reads = (text: string, shade: number) =>
    stops.every((stop) => (contrast(text, darken(stop, shade)) ?? Number.POSITIVE_INFINITY) >= MIN_CONTRAST);
  if (reads(color, 0)) return { color, shade: 0 };
  for (let shade = 0.05; shade < 1; shade += 0.05) {
    const rounded = Math.round(shade * 100) / 100;
    if (reads(LIGHT, rounded)) return { color: LIGHT, shade: rounded };
  }
  return { color: LIGHT, shade: 1 };
}
