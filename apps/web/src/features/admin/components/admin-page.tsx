import type { UserProfile } from '@rankmatch/shared';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/page-meta.ts';
import { type AdminTabId, DEFAULT_ADMIN_TAB, parseAdminTab } from '../tabs.ts';
import { ADMIN_TEXTS as T } from '../texts.ts';
import { AdminGate } from './admin-gate.tsx';
import { AdminTabs, adminPanelId, adminTabId } from './admin-tabs.tsx';
import { AuditTab } from './audit/audit-tab.tsx';
import { CasesTab } from './cases/cases-tab.tsx';
import { ContentTab } from './content/content-tab.tsx';
import { MatchesTab } from './matches/matches-tab.tsx';
import { OverviewTab } from './overview/overview-tab.tsx';
import { RatingCard } from './seasons/rating-card.tsx';
import { SeasonsTab } from './seasons/seasons-tab.tsx';
import { ShopTab } from './shop/shop-tab.tsx';
import { UsersTab } from './users/users-tab.tsx';
import './admin.css';

/** /admin_control (spec admin §2). `dummyLogin` is the test-account login, composed in by the app. */
export function AdminPage({ dummyLogin }: { dummyLogin: ReactNode }) {
  return <AdminGate>{(profile) => <AdminPanel profile={profile} dummyLogin={dummyLogin} />}</AdminGate>;
}

function AdminPanel({ profile, dummyLogin }: { profile: UserProfile; dummyLogin: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = parseAdminTab(params.get('tab'));

  useDocumentTitle(T.title);

  const select = (id: AdminTabId) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === DEFAULT_ADMIN_TAB) next.delete('tab');
      else next.set('tab', id);
      return next;
    });
  };

  return (
    <div className="admin">
      <header className="admin-header">
        <h1 className="admin-header__title">
          <Icon name="tools" className="card__title-icon" />
          {T.title}
        </h1>
        <Notice tone="warning" title={T.loggedWarning}>
          <p>{T.loggedWarningText}</p>
        </Notice>
        <MeCard profile={profile} />
      </header>
      <AdminTabs current={tab} onSelect={select} />
      <div className="admin-panel" role="tabpanel" id={adminPanelId(tab)} aria-labelledby={adminTabId(tab)}>
        {tab === 'overview' && <OverviewTab dummyLogin={dummyLogin} />}
        {tab === 'users' && <UsersTab adminId={profile.user_id} />}
        {tab === 'matches' && <MatchesTab />}
        {tab === 'cases' && <CasesTab />}
        {tab === 'content' && <ContentTab adminId={profile.user_id} />}
        {tab === 'seasons' && (
          <div className="admin-stack">
            <SeasonsTab adminId={profile.user_id} />
            <RatingCard />
          </div>
        )}
        {tab === 'shop' && <ShopTab adminId={profile.user_id} />}
        {tab === 'audit' && <AuditTab />}
      </div>
    </div>
  );
}

function MeCard({ profile }: { profile: UserProfile }) {
  return (
    <section className="card admin-me" aria-label={T.me.label}>
      <dl className="admin-me__facts">
        <div>
          <dt>{T.me.id}</dt>
          <dd className="admin-mono">{profile.user_id}</dd>
        </div>
        <div>
          <dt>{T.me.trainerName}</dt>
          <dd>{profile.trainer_name || T.notSet}</dd>
        </div>
        <div>
          <dt>{T.me.rate}</dt>
          <dd>{formatInteger(profile.rate)}</dd>
        </div>
      </dl>
    </section>
  );
}
