import { PUBLIC_PAGES } from '@rankmatch/shared';
import { Skeleton } from '../../../components/skeleton.tsx';
import { STATIC_TEXTS as T } from '../texts.ts';
import { useOperator } from './operator-info.tsx';
import { StaticPage } from './static-page.tsx';

export default function CommercialPage() {
  const operator = useOperator();
  return (
    <StaticPage meta={PUBLIC_PAGES.commercial.meta}>
      {operator.isPending ? (
        <Skeleton lines={6} />
      ) : (
        <dl className="definition-list">
          <div>
            <dt>{T.seller}</dt>
            <dd>{operator.name ?? T.operatorMissing}</dd>
          </div>
          <div>
            <dt>{T.operatorContact}</dt>
            <dd>{operator.contact ?? T.operatorMissing}</dd>
          </div>
          {T.commercial.rows.map((row) => (
            <div key={row.term}>
              <dt>{row.term}</dt>
              <dd>{row.detail}</dd>
            </div>
          ))}
        </dl>
      )}
    </StaticPage>
  );
}
