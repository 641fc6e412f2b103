import { absoluteImageUrl, type Badge, getBadge } from '@rankmatch/shared';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { darken, readableOnGradient, readableTextColor } from '../lib/color.ts';
import { useNearViewport } from '../lib/use-near-viewport.ts';

// A badge as players see it (spec §3 Badge): gradient (start → end colour, char_color text), image (the banner or
// card art) or basic (a solid chip).

interface BadgeChipProps {
  badgeId: string | null | undefined;
  /** chip: the small banner used next to names; card: the larger picture used in the picker. */
  variant?: 'chip' | 'card';
  /**
   * An image badge's art loads only when the chip comes near the screen (a box of the art's size until then), for long
   * lists: each SVG picture is a document of its own that the browser parses, lays out and paints on the page's main
   * thread, which a dozen at once held for 50 ms and more while the page started.
   */
  artWhenNear?: boolean;
}

/** How close to the screen deferred badge art starts loading. */
const ART_NEAR_MARGIN = '300px 0px';

function ArtWhenNear({ ratio, children }: { ratio: string; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const near = useNearViewport(box, ART_NEAR_MARGIN);
  return near ? children : <span ref={box} className="badge-chip__pending" style={{ aspectRatio: ratio }} />;
}

/**
 * The chip's text colour and background: the catalogue's text colour unless it is hard to read on the badge's colours
 * (then black or white, and on a gradient from light to dark a shade over the gradient). `stops` are the background
 * colours the text actually sits on, for checking.
 */
export function chipColors(badge: Badge): { color: string; background: string; stops: string[] } {
  if (badge.type !== 'gradient') {
    return {
      color: readableTextColor(badge.char_color, [badge.start_color]),
      background: badge.start_color,
      stops: [badge.start_color],
    };
  }
  const stops = [badge.start_color, badge.end_color];
  const { color, shade } = readableOnGradient(badge.char_color, stops);
  const gradient = `linear-gradient(135deg, ${badge.start_color}, ${badge.end_color})`;
  return {
    color,
    background: shade ? `linear-gradient(rgb(0 0 0 / ${shade}), rgb(0 0 0 / ${shade})), ${gradient}` : gradient,
    stops: stops.map((stop) => darken(stop, shade)),
  };
}

export function BadgeChip({ badgeId, variant = 'chip', artWhenNear = false }: BadgeChipProps) {
  const badge = badgeId ? getBadge(badgeId) : undefined;
  if (!badge) return null;
  if (badge.type === 'image') {
    const src = absoluteImageUrl(variant === 'card' ? badge.image_card : badge.banner_image);
    // The art's shape (banner 5:1, card 16:9) reserves its box before the image arrives (the CSS sets the height).
    const size = variant === 'card' ? { width: 320, height: 180 } : { width: 600, height: 120 };
    const art = <img src={src} alt={badge.display} loading="lazy" {...size} />;
    return (
      <span className={`badge-chip badge-chip--image badge-chip--${variant}`} title={badge.display}>
        {artWhenNear ? <ArtWhenNear ratio={`${size.width} / ${size.height}`}>{art}</ArtWhenNear> : art}
      </span>
    );
  }
  const { color, background } = chipColors(badge);
  const style: CSSProperties = { background, color };
  return (
    <span className={`badge-chip badge-chip--${badge.type} badge-chip--${variant}`} style={style} title={badge.display}>
      {badge.display}
    </span>
  );
}

/** Both equipped badges side by side (nothing when none). */
export function BadgePair({ first, second }: { first: string | null; second: string | null }) {
  if (!first && !second) return null;
  return (
    <span className="badge-pair">
      <BadgeChip badgeId={first} />
      <BadgeChip badgeId={second} />
    </span>
  );
}
