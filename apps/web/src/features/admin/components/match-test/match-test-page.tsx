import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../../components/icon.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { useDocumentTitle } from '../../../../lib/page-meta.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { AdminGate } from '../admin-gate.tsx';
import { FillStep } from './fill-step.tsx';
import { MatchStep } from './match-step.tsx';
import { TriggerStep } from './trigger-step.tsx';
import '../admin.css';
import './match-test.css';

const T = ADMIN_TEXTS.matchTest;

/** /match_test: a rehearsal of queue → wave → match screen → reports → settlement with test accounts (admins only). */
export default function MatchTestPage() {
  return <AdminGate>{() => <MatchTest />}</AdminGate>;
}

function MatchTest() {
  const [created, setCreated] = useState<string[]>([]);
  const [matchId, setMatchId] = useState<string | null>(null);

  useDocumentTitle(T.title);

  return (
    <div className="admin match-test">
      <header className="admin-header">
        <h1 className="admin-header__title">
          <Icon name="controller" className="card__title-icon" />
          {T.title}
        </h1>
        <p className="muted">{T.lead}</p>
        <Notice tone="warning" title={ADMIN_TEXTS.loggedWarning} />
        <p>
          <Link to="/admin_control">{T.back}</Link>
        </p>
      </header>
      <FillStep />
      <TriggerStep
        onCreated={(ids) => {
          setCreated(ids);
          if (ids[0]) setMatchId(ids[0]);
        }}
      />
      <MatchStep created={created} matchId={matchId} onSelect={setMatchId} />
    </div>
  );
}
