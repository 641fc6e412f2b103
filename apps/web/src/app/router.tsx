import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SkeletonBlock } from '../components/skeleton.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { HomePage } from './routes/home/home-page.tsx';

// Static pages, the shop and the admin screens load on demand (React.lazy) so the first screen stays small.
const AboutPage = lazy(() => import('../features/static/components/about-page.tsx'));
const TermsPage = lazy(() => import('../features/static/components/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/static/components/privacy-page.tsx'));
const CommercialPage = lazy(() => import('../features/static/components/commercial-page.tsx'));
const ShopPage = lazy(() => import('../features/shop/components/shop-page.tsx'));
const TestCheckoutPage = lazy(() => import('../features/shop/components/test-checkout-page.tsx'));
const AdminRoute = lazy(() => import('./routes/admin/admin-route.tsx'));
const MatchTestPage = lazy(() => import('../features/admin/components/match-test/match-test-page.tsx'));
const PlayerPage = lazy(() => import('../features/players/components/player-page.tsx'));
const MatchSummaryPage = lazy(() => import('../features/players/components/match-summary-page.tsx'));
const StatsPage = lazy(() => import('../features/stats/components/stats-page.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found/not-found-page.tsx'));

export function AppRoutes() {
  return (
    <AppShell>
      <Suspense fallback={<SkeletonBlock height={400} />}>
        <Routes>
          <Route path="/about" element={<AboutPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/commercial" element={<CommercialPage />} />
          <Route path="/shop" element={<ShopPage />} />
          <Route path="/shop/test-checkout/:sessionId" element={<TestCheckoutPage />} />
          <Route path="/admin_control" element={<AdminRoute />} />
          <Route path="/match_test" element={<MatchTestPage />} />
          <Route path="/players/:userId" element={<PlayerPage />} />
          <Route path="/matches/:id" element={<MatchSummaryPage />} />
          <Route path="/stats" element={<StatsPage />} />
          {/* The top page, also on /auth/callback (the Discord return, handled by the shell). */}
          <Route path="/" element={<HomePage />} />
          <Route path="/auth/callback" element={<HomePage />} />
          {/* Any other address: a 404 page with the way home (issue 21; the spec let the top page catch these). */}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </AppShell>
  );
}
