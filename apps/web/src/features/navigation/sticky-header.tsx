import { type ComponentProps, useEffect, useState } from 'react';

/** Whether the page is scrolled away from its top. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

/** The `<header>` of a top bar: it sticks to the top, with a border there and a shadow once the page scrolls. */
export function StickyHeader(props: Omit<ComponentProps<'header'>, 'className'>) {
  const scrolled = useScrolled();
  return (
    <header
      {...props}
      data-scrolled={scrolled}
      className={[
        'sticky top-0 z-40 bg-white/95 backdrop-blur transition-shadow',
        scrolled ? 'shadow-md' : 'border-b border-slate-100',
      ].join(' ')}
    />
  );
}
