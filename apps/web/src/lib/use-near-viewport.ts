import { type RefObject, startTransition, useEffect, useState } from 'react';

/** How far below (or above) the screen an element counts as near by default: about a screen's height of scrolling. */
const NEAR_MARGIN = '800px 0px';

/**
 * false until the element is on or near the screen, then true for good. For costly parts only the browser can draw
 * (a canvas chart, with its library): they load and draw when the reader gets near them rather than while the page
 * starts. false on the server and while the browser takes the server's page over, so both agree; the switch is a
 * transition (React renders it in short slices). Where the browser has no IntersectionObserver, true after mount.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = NEAR_MARGIN): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const show = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver !== 'function') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          show();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
