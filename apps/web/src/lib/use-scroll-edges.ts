import { type RefObject, useEffect, useState } from 'react';

/** Whether a horizontally scrolling element has more content past its start and past its end. */
export interface ScrollEdges {
  start: boolean;
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/**
 * Tracks the hidden overflow of a horizontal scroller, so the UI can show a fade or an arrow on the side that has
 * more. Updated on scroll, on resize of the scroller or of its children (web fonts, a link added) and when
 * `contentKey` changes. Measured after the page has painted (the observer's first report, or the next frame without
 * one), never while React commits: a measurement there forces a layout and its state change a second, synchronous
 * render while the page starts.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, contentKey?: unknown): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: contentKey re-measures after the children changed.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const hidden = el.scrollWidth - el.clientWidth;
      // 1 px of slack: zoomed pages report fractional scroll positions.
      const next = { start: hidden > 1 && el.scrollLeft > 1, end: hidden > 1 && el.scrollLeft < hidden - 1 };
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    let frame = 0;
    if (observer) {
      observer.observe(el);
      for (const child of el.children) observer.observe(child);
    } else {
      frame = requestAnimationFrame(update);
    }
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [ref, contentKey]);
  return edges;
}
