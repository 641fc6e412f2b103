import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import type { PageSection } from '../texts.ts';
import { STATIC_TEXTS as T } from '../texts.ts';
import './static-page.css';

/** The frame of a static page: its title (also the document's, with its description: PUBLIC_PAGES), lead, sections. */
export function StaticPage({
  meta,
  lead,
  children,
}: {
  meta: { title: string; description: string };
  lead?: string;
  children: ReactNode;
}) {
  usePageMeta(meta);
  const { title } = meta;
  return (
    <article className="static-page card">
      <h1 className="static-page__title">{title}</h1>
      {lead && <p className="static-page__lead">{lead}</p>}
      {children}
      <p className="static-page__back">
        <Link to="/">{T.backHome}</Link>
      </p>
    </article>
  );
}

export function Sections({ sections }: { sections: readonly PageSection[] }) {
  return sections.map((s) => (
    <section key={s.heading} className="static-page__section">
      <h2>{s.heading}</h2>
      {s.paragraphs?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {s.items && (
        <ul>
          {s.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  ));
}
