import { PUBLIC_PAGES } from '@rankmatch/shared';
import { STATIC_TEXTS as T } from '../texts.ts';
import { OperatorInfo } from './operator-info.tsx';
import { Sections, StaticPage } from './static-page.tsx';

export default function PrivacyPage() {
  return (
    <StaticPage meta={PUBLIC_PAGES.privacy.meta} lead={T.privacy.lead}>
      <p className="static-page__meta">{T.established(T.privacy.established)}</p>
      <Sections sections={T.privacy.sections} />
      <section className="static-page__section">
        <h2>{T.privacy.contactHeading}</h2>
        <OperatorInfo />
      </section>
    </StaticPage>
  );
}
