import { type ByRoleMatcher, within } from '@testing-library/react';

/** What each element of `role` inside `container` reads: a row's cells, a select's options, a table's heads. */
export const textsOf = (container: HTMLElement, role: ByRoleMatcher) =>
  within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);

function rowAround(header: HTMLElement, name: string | RegExp): HTMLElement {
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${String(name)}`);
  return row;
}

/** The table row whose row header is named `name` (the phone cards are in the page too, hidden by CSS). */
export const rowOf = (table: HTMLElement, name: string | RegExp) =>
  rowAround(within(table).getByRole('rowheader', { name }), name);

/** `rowOf`, once the row has arrived. */
export const findRowOf = async (table: HTMLElement, name: string | RegExp) =>
  rowAround(await within(table).findByRole('rowheader', { name }), name);

/** What a description list in `container` says for `term`: the text right after the element reading `term`. */
export const factOf = (container: HTMLElement, term: string) =>
  within(container).getByText(term).nextElementSibling?.textContent;
