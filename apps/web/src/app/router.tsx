import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SkeletonBlock } from '../components/skeleton.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { HomePage } from './routes/home/home-page.tsx';

// Static pages and placeholders load on demand (React.lazy) so the first screen stays small.
const AboutPage = lazy(() => import('../features/static/components/about-page.tsx'));
const TermsPage = lazy(() => import('../features/static/components/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/static/components/privacy-page.tsx'));
const CommercialPage = lazy(() => import('../features/static/components/commercial-page.tsx'));
const ShopPage = lazy(() =>
  import('../features/static/components/coming-soon-page.tsx').then((m) => ({ default: m.ShopPage })),
);
const AdminPage = lazy(() =>
  import('../features/static/components/coming-soon-page.tsx').then((m) => ({ default: m.AdminPage })),
);

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
          <Route path="/admin_control" element={<AdminPage />} />
          {/* The top page, also for unknown paths (and /auth/callback, handled by the shell). */}
          <Route path="*" element={<HomePage />} />
        </Routes>
      </Suspense>
    </AppShell>
  );
}
