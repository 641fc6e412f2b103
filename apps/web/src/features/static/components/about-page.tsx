import { STATIC_TEXTS as T } from '../texts.ts';
import { OperatorInfo } from './operator-info.tsx';
import { Sections, StaticPage } from './static-page.tsx';

export default function AboutPage() {
  return (
    <StaticPage title={T.about.title} lead={T.about.lead}>
      <Sections sections={T.about.sections} />
      <section className="static-page__section">
        <h2>{T.operatorName}</h2>
        <OperatorInfo />
      </section>
    </StaticPage>
  );
}
