import { CircleHelp, Clock, MessageCircle } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useSite } from '../../features/site/site-context';
import { SupportContactItems } from '../../features/site/support-contact-items';
import { helpTriggerClass } from './help-trigger';
import { HoursText } from '../../components/hours-text';

/** The popover itself (Radix and its positioning), loaded by `HelpPopover` when first wanted. */
export function HelpPopoverPanel({ defaultOpen }: { defaultOpen: boolean }) {
  const { support } = useSite();
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className={helpTriggerClass} aria-label="Help and support">
        <CircleHelp className="h-5 w-5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="end"
          className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xl"
        >
          <p className="mb-3 font-semibold text-slate-900">Need help?</p>
          <ul className="space-y-2.5 text-slate-700">
            <SupportContactItems iconClassName="h-4 w-4 shrink-0 text-brand" linkClassName="hover:underline" />
            <li className="flex gap-2">
              <Clock className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <span>
                <HoursText hours={support.hours} />
              </span>
            </li>
            <li className="flex gap-2">
              <MessageCircle className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
              <span>
                Live chat <HoursText hours={support.chatHours} />
              </span>
            </li>
          </ul>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
