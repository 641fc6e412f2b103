import type { ReactNode } from 'react';

/** One figure of a stat grid (`<dl className="stat-grid">`): its label and its value; `highlight` makes it stand out. */
export function Stat({
  label,
  highlight = false,
  children,
}: {
  label: ReactNode;
  highlight?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={highlight ? 'stat stat--highlight' : 'stat'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
