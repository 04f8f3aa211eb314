/**
 * An enumeration declared once, in order, with the words shown for each value: `values` is the
 * tuple of values (for `z.enum`, pickers and tabs), `labels` maps each value to its words.
 */
export function labelled<const Entries extends readonly (readonly [string, string])[]>(entries: Entries) {
  return {
    values: entries.map(([value]) => value) as unknown as { readonly [I in keyof Entries]: Entries[I][0] },
    labels: Object.fromEntries(entries) as Record<Entries[number][0], string>,
  };
}
