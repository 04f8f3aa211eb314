/**
 * A secondary button for dark, branded backgrounds. The shared `buttonClass` variants are all
 * meant for light surfaces, and combining one with overrides leaves the winner to CSS order.
 */
export const outlineOnDarkClass = [
  'inline-flex items-center justify-center gap-2 rounded-lg border border-white/70 px-6 py-3',
  'text-base font-semibold text-white transition-colors hover:bg-white/10',
].join(' ');

/** The accent colour lightened enough to read on slate-900 (the accent itself is configurable). */
export const accentOnDarkText = 'text-[color-mix(in_oklab,var(--color-accent)_45%,white)]';
