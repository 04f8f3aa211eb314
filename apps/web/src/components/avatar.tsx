/** "Alex Morgan" → "AM"; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

const sizes = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-20 w-20 text-2xl',
} as const;

/**
 * The person's picture, or their initials on the brand colour. Decorative by default: the name is
 * always written next to it.
 */
export function Avatar({
  name,
  imageUrl,
  size = 'md',
  alt = '',
}: {
  name: string;
  imageUrl: string | null;
  size?: keyof typeof sizes;
  alt?: string;
}) {
  const box = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizes[size]}`;
  if (imageUrl) {
    return <img src={imageUrl} alt={alt} className={`${box} bg-slate-100 object-cover`} />;
  }
  return (
    <span
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={`${box} bg-brand font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
