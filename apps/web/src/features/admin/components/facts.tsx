import type { ReactNode } from 'react';

/** Label / value pairs in a wrapping grid (detail views). */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="admin-facts">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
