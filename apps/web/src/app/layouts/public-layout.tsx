import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageFrame } from './page-frame';
import { TopNav } from './top-nav';

export function PublicLayout() {
  const { pathname, hash } = useLocation();
  // A new page starts at the top, unless the link points at an anchor on it.
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, hash]);

  return <PageFrame nav={<TopNav />} />;
}
