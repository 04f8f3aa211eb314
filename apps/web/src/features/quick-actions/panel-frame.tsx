import { ArrowLeft } from 'lucide-react';
import type { ReactNode, Ref } from 'react';

const backClass =
  'inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand underline-offset-2 hover:underline';

/**
 * One Quick Actions panel in place of the tiles: "Back to Quick Actions", its heading and its
 * content. Its id is the dashboard anchor (`quick-actions-billpay`), so a link to the anchor lands
 * here; it takes the focus (tabIndex -1) when opened.
 */
export function PanelFrame({
  anchor,
  title,
  onBack,
  panelRef,
  children,
}: {
  anchor: string;
  title: string;
  onBack: () => void;
  panelRef: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const headingId = `${anchor}-heading`;
  return (
    <div
      id={anchor}
      ref={panelRef}
      tabIndex={-1}
      role="region"
      aria-labelledby={headingId}
      className="scroll-mt-28 focus:outline-none"
    >
      <button type="button" onClick={onBack} className={backClass}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Quick Actions
      </button>
      <h3 id={headingId} className="mt-3 mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** The body of a panel whose feature is not here yet: one plain notice, never a fake form. */
export function ComingSoon({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
        {icon}
      </span>
      <div className="min-w-0 space-y-2">{children}</div>
    </div>
  );
}
