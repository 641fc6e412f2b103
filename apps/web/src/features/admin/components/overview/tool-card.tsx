import type { ReactNode } from 'react';

/** One box of the overview's tools: a heading and its buttons with their results. */
export function ToolCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card admin-tool" aria-label={title}>
      <h3 className="admin-tool__title">{title}</h3>
      <div className="admin-tool__body">{children}</div>
    </section>
  );
}
