import { Check, Copy } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/button';

/** An outline "Copy …" button that says "Copied!" with a tick while `copied` (from `useCopy`). */
export function CopyButton({
  label,
  copied,
  ...button
}: { label: string; copied: boolean } & Omit<ComponentProps<typeof Button>, 'variant' | 'children'>) {
  const Icon = copied ? Check : Copy;
  return (
    <Button icon={Icon} variant="outline" {...button}>
      {copied ? 'Copied!' : label}
    </Button>
  );
}
