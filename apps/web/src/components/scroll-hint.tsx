import { COMMON_TEXTS } from '../lib/texts.ts';
import type { ScrollEdges } from '../lib/use-scroll-edges.ts';

/**
 * A line above a table that scrolls sideways: on a phone the columns past the edge (the purchase history's 状態, the
 * statistics' win rates and evening hours) were hidden with no sign that they exist. It is laid out from the first
 * paint on narrow screens and only made visible once the box is measured to scroll, so nothing below it moves.
 * The box itself fades on the side with more (`.scroll-fade`). Sighted hint only: a screen reader reads every column.
 */
export function ScrollHint({ edges }: { edges: ScrollEdges }) {
  return (
    <p className="scroll-hint" data-shown={edges.start || edges.end || undefined} aria-hidden="true">
      {COMMON_TEXTS.scrollHint}
      <span className="scroll-hint__arrow"> →</span>
    </p>
  );
}
