import { AdminPage } from '../../../features/admin/components/admin-page.tsx';
import { useProviders } from '../../../features/auth/api/get-providers.ts';
import { DummyLoginForm } from '../../../features/auth/components/dummy-login-form.tsx';

/** /admin_control: the admin panel with the auth feature's test-account login in its overview. */
export default function AdminRoute() {
  return <AdminPage dummyLogin={<AdminDummyLogin />} />;
}

function AdminDummyLogin() {
  const providers = useProviders();
  if (!providers.data?.dummy) return null;
  return <DummyLoginForm passwordRequired={providers.data.dummy_password_required} />;
}
