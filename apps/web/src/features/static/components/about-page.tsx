import { PUBLIC_PAGES } from '@rankmatch/shared';
import { STATIC_TEXTS as T } from '../texts.ts';
import { OperatorInfo } from './operator-info.tsx';
import { Sections, StaticPage } from './static-page.tsx';

export default function AboutPage() {
  return (
    <StaticPage meta={PUBLIC_PAGES.about.meta} lead={T.about.lead}>
      <Sections sections={T.about.sections} />
      <section className="static-page__section">
        <h2>{T.operatorName}</h2>
        <OperatorInfo />
      </section>
    </StaticPage>
  );
}
