/** The help button's look: the same before its popover code has loaded and after. */
export const helpTriggerClass =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand';
