import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ToastHost } from '../../components/toast-host.tsx';
import { UrlLoginBanner } from '../../features/auth/components/url-login-banner.tsx';
import { useMatchFound } from '../../features/match/hooks/use-match-found.ts';
import { themeVariables } from '../../features/season/theme.ts';
import { useSite } from '../../features/static/api/get-site.ts';
import { WarningsDialog } from '../../features/trust/components/warnings-dialog.tsx';
import { useActiveSeason } from '../../lib/active-season.ts';
import { useAuthError, useSuspended } from '../../lib/auth/auth-error.ts';
import { useSessionExpiry } from '../../lib/auth/session-expiry.ts';
import { useMyProfile } from '../../lib/auth/user.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { APP_TEXTS as T } from '../texts.ts';
import { AdSlot } from './ad-slot.tsx';
import { AuthErrorScreen } from './auth-error-screen.tsx';
import { SiteNav } from './site-nav.tsx';
import { SuspendedScreen } from './suspended-screen.tsx';
import { useBadgeGrants } from './use-badge-grants.tsx';
import { useProfileUpdates } from './use-profile-updates.ts';

/** Drives the CSS custom properties from the active season's theme colour. */
function useSeasonTheme() {
  const season = useActiveSeason();
  const color = season.data?.current_season?.theme_color;
  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeVariables(color))) root.style.setProperty(name, value);
  }, [color]);
}

/**
 * A match-found push, or a ready check opening (issue 35), switches to the match tab from anywhere (the match and the
 * check are read over HTTP there).
 */
function useSwitchToFoundMatch() {
  const navigate = useNavigate();
  const location = useLocation();
  useMatchFound(() => {
    const onMatchTab = location.pathname === '/' && new URLSearchParams(location.search).get('tab') === 'match';
    if (!onMatchTab) void navigate('/?tab=match');
  });
}

export function AppShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const authError = useAuthError();
  const suspended = useSuspended();
  useSeasonTheme();
  useSessionExpiry();
  useSwitchToFoundMatch();
  useBadgeGrants();
  useProfileUpdates();
  const statsUrl = site.data?.stats_dashboard_url;
  const isAdmin = useMyProfile()?.is_admin === true;

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {COMMON_TEXTS.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          {/* Named by its visible text (no aria-label that differs from it: speech users say what they see). */}
          <Link to="/" className="brand">
            <span className="brand__mark" aria-hidden="true">
              R
            </span>
            <span className="brand__text">
              <span className="brand__name">{COMMON_TEXTS.siteName}</span>{' '}
              <span className="brand__tagline">{COMMON_TEXTS.siteTagline}</span>
            </span>
          </Link>
          <SiteNav statsUrl={statsUrl} isAdmin={isAdmin} />
        </div>
      </header>
      <UrlLoginBanner />
      <main id="main" className="site-main" tabIndex={-1}>
        {suspended ? <SuspendedScreen /> : authError ? <AuthErrorScreen /> : children}
      </main>
      <footer className="site-footer">
        <AdSlot url={site.data?.ad_slot_url} />
        <nav aria-label={T.nav.footerLabel} className="site-footer__links">
          <Link to="/about">{T.nav.about}</Link>
          <Link to="/terms">{T.nav.terms}</Link>
          <Link to="/privacy">{T.nav.privacy}</Link>
          <Link to="/commercial">{T.nav.commercial}</Link>
        </nav>
        <p className="site-footer__copy">{T.footer.copyright}</p>
      </footer>
      <ToastHost />
      {!suspended && !authError && <WarningsDialog />}
    </div>
  );
}
