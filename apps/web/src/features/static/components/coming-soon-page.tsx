import { Icon } from '../../../components/icon.tsx';
import { STATIC_TEXTS as T } from '../texts.ts';
import { StaticPage } from './static-page.tsx';

/** The placeholder of pages built in later issues (/shop, /admin_control). */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <StaticPage title={title}>
      <div className="coming-soon">
        <Icon name="tools" size={48} className="coming-soon__icon" />
        <p className="coming-soon__label">{T.comingSoonTitle}</p>
        <p>{T.comingSoonText}</p>
      </div>
    </StaticPage>
  );
}

export function ShopPage() {
  return <ComingSoonPage title={T.shopTitle} />;
}

export function AdminPage() {
  return <ComingSoonPage title={T.adminTitle} />;
}
