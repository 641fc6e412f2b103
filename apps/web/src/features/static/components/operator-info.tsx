import { Skeleton } from '../../../components/skeleton.tsx';
import { useSite } from '../api/get-site.ts';
import { STATIC_TEXTS as T } from '../texts.ts';

/** Operator name and contact from GET /api/site, never hard-coded. */
export function useOperator() {
  const site = useSite();
  return {
    isPending: site.isPending,
    name: site.data?.operator_name ?? null,
    contact: site.data?.operator_contact ?? null,
  };
}

export function OperatorInfo() {
  const operator = useOperator();
  if (operator.isPending) return <Skeleton lines={2} />;
  if (!operator.name && !operator.contact) return <p className="muted">{T.operatorMissing}</p>;
  return (
    <dl className="definition-list">
      <div>
        <dt>{T.operatorName}</dt>
        <dd>{operator.name ?? T.operatorMissing}</dd>
      </div>
      <div>
        <dt>{T.operatorContact}</dt>
        <dd>{operator.contact ?? T.operatorMissing}</dd>
      </div>
    </dl>
  );
}
