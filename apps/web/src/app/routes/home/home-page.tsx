import { homeTabMeta, PUBLIC_PAGES } from '@rankmatch/shared';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { RankingTab } from '../../../features/ranking/components/ranking-table.tsx';
import { RulesTab } from '../../../features/rules/components/rules-tab.tsx';
import { SeasonBanner } from '../../../features/season/components/season-banner.tsx';
import { useMyProfile } from '../../../lib/auth/user.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { MatchTab } from './match-tab.tsx';
import { myPageTab } from './mypage-tab-code.ts';
import { panelId, TabNav, tabId } from './tab-nav.tsx';
import { DEFAULT_TAB, parseTab, type TabId } from './tabs.ts';
import './home.css';

const MyPageTab = myPageTab.Component;

/** The top page: season banner above four tabs; the tab lives in ?tab= so it survives reload and can be linked. */
export default function HomePage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const profile = useMyProfile();

  // The first tab is the top page itself (the site's title); the others are named (as the server names them).
  usePageMeta(homeTabMeta(tab) ?? PUBLIC_PAGES.home.meta);

  const select = (id: TabId) => {
    if (id === tab) return;
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id === DEFAULT_TAB) next.delete('tab');
      else next.set('tab', id);
      return next;
    });
    // From the bottom bar far down a long tab, show the new tab from its start.
    const layout = document.querySelector('.home__layout');
    if (layout && layout.getBoundingClientRect().top < 0) layout.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="home">
      <SeasonBanner maxRate={profile?.max_rate} />
      <div className="home__layout">
        <TabNav current={tab} onSelect={select} />
        <div className="home__panel" role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
          {tab === 'rules' && <RulesTab />}
          {tab === 'mypage' && (
            <Suspense fallback={<SkeletonBlock height={400} />}>
              <MyPageTab />
            </Suspense>
          )}
          {tab === 'match' && <MatchTab />}
          {tab === 'ranking' && <RankingTab />}
        </div>
      </div>
    </div>
  );
}
