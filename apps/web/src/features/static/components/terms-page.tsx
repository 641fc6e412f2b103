import { PUBLIC_PAGES } from '@rankmatch/shared';
import { STATIC_TEXTS as T } from '../texts.ts';
import { OperatorInfo } from './operator-info.tsx';
import { Sections, StaticPage } from './static-page.tsx';

export default function TermsPage() {
  return (
    <StaticPage meta={PUBLIC_PAGES.terms.meta} lead={T.terms.lead}>
      <Sections sections={T.terms.sections} />
      <section className="static-page__section">
        <h2>{T.operatorName}</h2>
        <OperatorInfo />
      </section>
    </StaticPage>
  );
}
