import { useEffect } from 'react';
import { useSite } from '../features/site/site-context';

/** Every page names itself in the tab: "About — Mutual Demo Credit Union". */
export function useDocumentTitle(title: string | null) {
  const { brand } = useSite();
  useEffect(() => {
    document.title = title ? `${title} — ${brand.name}` : brand.name;
  }, [title, brand.name]);
}
