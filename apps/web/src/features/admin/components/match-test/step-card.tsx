import { type ReactNode, useId } from 'react';

/** One numbered step of the match test. */
export function StepCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card match-test__step" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
