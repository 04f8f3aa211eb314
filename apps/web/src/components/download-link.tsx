import { Download } from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonClass } from './button';

/** A link that downloads a file, its icon before the words: "Download" unless `children` says more. */
export function DownloadLink({
  className = buttonClass('outline', 'sm'),
  download = true,
  children = 'Download',
  ...props
}: ComponentProps<'a'>) {
  return (
    <a download={download} className={className} {...props}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {children}
    </a>
  );
}
