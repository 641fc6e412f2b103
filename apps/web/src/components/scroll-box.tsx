import { type ReactNode, type RefObject, useRef } from 'react';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { useScrollEdges } from '../lib/use-scroll-edges.ts';

/**
 * A box that scrolls sideways (a table wider than a phone), with a line above it saying so: on a phone the columns
 * past the edge (the purchase history's 状態, the statistics' win rates and evening hours) were hidden with no sign
 * that they exist. The line is laid out from the first paint on narrow screens and only made visible once the box is
 * measured to scroll, so nothing below it moves; the box fades on the side with more (`.scroll-fade`). Sighted hint
 * only: a screen reader reads every column. With a label the box is a focusable region (keyboards can scroll it).
 */
export function ScrollBox({
  className,
  label,
  contentKey,
  children,
}: {
  className: string;
  label?: string;
  /** Changes when the content does (re-measured then). */
  contentKey: unknown;
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  const edges = useScrollEdges(box, contentKey);
  const shared = {
    className: `${className} scroll-fade`,
    'data-more-start': edges.start || undefined,
    'data-more-end': edges.end || undefined,
  };
  return (
    <>
      <p className="scroll-hint" data-shown={edges.start || edges.end || undefined} aria-hidden="true">
        {COMMON_TEXTS.scrollHint}
        <span className="scroll-hint__arrow"> →</span>
      </p>
      {label ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling box takes focus so keyboards can scroll it
        <section ref={box} {...shared} tabIndex={0} aria-label={label}>
          {children}
        </section>
      ) : (
        <div ref={box as RefObject<HTMLDivElement>} {...shared}>
          {children}
        </div>
      )}
    </>
  );
}
