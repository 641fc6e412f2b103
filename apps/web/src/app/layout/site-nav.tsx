import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { useScrollEdges } from '../../lib/use-scroll-edges.ts';
import { APP_TEXTS as T } from '../texts.ts';

const NAV_LINKS = [
  { to: '/', label: T.nav.home, end: true },
  { to: '/stats', label: T.nav.statsPage },
  { to: '/shop', label: T.nav.shop },
  { to: '/about', label: T.nav.about },
  { to: '/terms', label: T.nav.terms },
  { to: '/privacy', label: T.nav.privacy },
] as const;

/** Room left beside a link scrolled into view, so it clears the fade and the arrow. */
const EDGE_ROOM = 40;

/**
 * The header links (spec §2). On a narrow screen they scroll sideways in one row: the side with more links fades out
 * and shows an arrow, so none of them is cut off without a hint. The arrows are for pointers only (keyboard focus
 * scrolls a link into view by itself, screen readers list them all). An admin also gets the way into the admin panel
 * (signed in, so never in a page the server renders).
 */
export function SiteNav({ statsUrl, isAdmin }: { statsUrl: string | null | undefined; isAdmin: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  const edges = useScrollEdges(list, statsUrl);
  const { pathname } = useLocation();

  // The current page's link in view: on /privacy the phone shows the row scrolled to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the route (so the current link) changes.
  useEffect(() => {
    const el = list.current;
    const active = el?.querySelector('[aria-current="page"]');
    if (!el || !active) return;
    const box = el.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.right > box.right) el.scrollLeft += link.right - box.right + EDGE_ROOM;
    else if (link.left < box.left) el.scrollLeft -= box.left - link.left + EDGE_ROOM;
  }, [pathname]);

  const scroll = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <nav
      className="site-nav"
      aria-label={T.nav.label}
      data-more-start={edges.start || undefined}
      data-more-end={edges.end || undefined}
    >
      <ul ref={list} className="site-nav__list">
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={'end' in link ? link.end : false}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {isAdmin && (
          <li>
            <NavLink to="/admin_control">{T.nav.admin}</NavLink>
          </li>
        )}
        {statsUrl && (
          <li>
            <a href={statsUrl} target="_blank" rel="noopener noreferrer">
              {T.nav.stats}
              <span aria-hidden="true"> ↗</span>
              <span className="visually-hidden">{COMMON_TEXTS.externalLink}</span>
            </a>
          </li>
        )}
      </ul>
      {edges.start && (
        <button
          type="button"
          className="site-nav__more site-nav__more--start"
          aria-hidden="true"
          tabIndex={-1}
          title={T.nav.scrollBack}
          onClick={() => scroll(-1)}
        >
          <Icon name="chevronLeft" size={16} />
        </button>
      )}
      {edges.end && (
        <button
          type="button"
          className="site-nav__more site-nav__more--end"
          aria-hidden="true"
          tabIndex={-1}
          title={T.nav.scrollMore}
          onClick={() => scroll(1)}
        >
          <Icon name="chevronRight" size={16} />
        </button>
      )}
    </nav>
  );
}
