import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Long-form text styles for content pages (no typography plugin: the few rules we need are here).
 * Headings inside start at h2, because the page hero holds the h1.
 */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div
      className={[
        'text-base leading-relaxed text-slate-700',
        '[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
        '[&_h2:first-child]:mt-0',
        '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
        '[&_p]:mb-4',
        '[&_ul]:mb-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
        '[&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900',
        '[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-dark',
        // A phone number broken across two lines is easy to misread.
        "[&_a[href^='tel:']]:whitespace-nowrap",
      ].join(' ')}
    >
      {children}
    </div>
  );
}

/** A row of headline figures or features at the top of a page body. */
export function Highlights({ children }: { children: ReactNode }) {
  return <div className="mb-10 grid gap-3 sm:grid-cols-3 sm:gap-4">{children}</div>;
}

export function Highlight({ icon: Icon, value, label }: { icon: LucideIcon; value: ReactNode; label: string }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:block sm:p-5">
      <Icon className="h-6 w-6 shrink-0 text-accent-dark" aria-hidden="true" />
      <div>
        <p className="mb-0! text-xl font-bold text-slate-900 sm:mt-3 sm:mb-1! sm:text-2xl">{value}</p>
        <p className="mb-0! text-sm text-slate-600">{label}</p>
      </div>
    </div>
  );
}

/** A bordered box for an address, a phone number or a warning inside the text. */
export function Callout({ tone = 'info', children }: { tone?: 'info' | 'warning'; children: ReactNode }) {
  const tones =
    tone === 'warning' ? 'border-amber-200 bg-amber-50 text-amber-950' : 'border-brand/20 bg-brand-soft text-slate-800';
  return <div className={`my-6 rounded-xl border p-5 first:mt-0 [&_p:last-child]:mb-0 ${tones}`}>{children}</div>;
}

/** Small print under rates: what a figure means and that it can change. */
export function RateNote({ children }: { children: ReactNode }) {
  return <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-600">{children}</p>;
}
