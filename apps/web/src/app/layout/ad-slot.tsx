import { APP_TEXTS } from '../texts.ts';

/** The optional advertising slot at the page bottom (only when ad_slot_url is configured). */
export function AdSlot({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <aside className="ad-slot" aria-label={APP_TEXTS.ad}>
      <iframe
        title={APP_TEXTS.ad}
        src={url}
        loading="lazy"
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-same-origin"
        referrerPolicy="no-referrer-when-downgrade"
      />
    </aside>
  );
}
