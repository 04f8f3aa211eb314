import { Outlet } from 'react-router';

/** Signed-in layout (member and staff): placeholder while the signed-in navigation is built. */
export function MemberLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
