import type { LucideIcon } from 'lucide-react';

const tileBase = 'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl';

const tones = {
  soft: `${tileBase} bg-brand-soft text-brand`,
  gradient: `${tileBase} bg-gradient-to-br from-brand to-accent-dark text-white`,
};

/** The rounded icon tile used on cards. */
export function IconTile({ icon: Icon, tone = 'soft' }: { icon: LucideIcon; tone?: keyof typeof tones }) {
  return (
    <span className={tones[tone]}>
      <Icon className="h-6 w-6" aria-hidden="true" />
    </span>
  );
}

/** An icon tile beside (or above) a short titled text: a value, a program, a feature. */
export function IconFeature({
  icon,
  tone,
  title,
  text,
  titleClassName,
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  title: string;
  text: string;
  titleClassName: string;
}) {
  return (
    <>
      <IconTile icon={icon} tone={tone} />
      <div>
        <h3 className={titleClassName}>{title}</h3>
        <p className="mt-1 text-slate-600">{text}</p>
      </div>
    </>
  );
}
