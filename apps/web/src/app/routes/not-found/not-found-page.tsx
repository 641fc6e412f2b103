import { NOT_FOUND_META } from '@rankmatch/shared';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { APP_TEXTS } from '../../texts.ts';

const T = APP_TEXTS.notFound;

/** An address the site does not have: say so and lead home, instead of showing the top page as if it were there. */
export default function NotFoundPage() {
  usePageMeta(NOT_FOUND_META);
  return (
    <section className="card not-found" aria-labelledby="not-found-title">
      <Icon name="flag" size={40} className="not-found__icon" />
      <h1 id="not-found-title" className="not-found__title">
        {NOT_FOUND_META.title}
      </h1>
      <p className="muted">{T.text}</p>
      <Link className="button button--primary" to="/">
        {T.home}
      </Link>
    </section>
  );
}
