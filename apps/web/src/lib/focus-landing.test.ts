import { afterEach, describe, expect, it } from 'vitest';
import { rowLanding } from './focus-landing';

/** A list of rows named `names`, each with a "go" button marked as the same control. */
function list(names: string[]) {
  const ul = document.createElement('ul');
  for (const name of names) ul.append(row(name));
  document.body.append(ul);
  return ul;
}

function row(name: string) {
  const li = document.createElement('li');
  li.dataset.name = name;
  const button = document.createElement('button');
  button.dataset.rowControl = 'go';
  button.textContent = `Go ${name}`;
  li.append(button);
  return li;
}

const go = (ul: HTMLElement, name: string) =>
  ul.querySelector<HTMLElement>(`li[data-name="${name}"] [data-row-control]`) as HTMLElement;
const remove = (ul: HTMLElement, name: string) => ul.querySelector(`li[data-name="${name}"]`)?.remove();
const fallback = () => document.getElementById('empty');

afterEach(() => document.body.replaceChildren());

describe('rowLanding: where the focus goes when a row’s control goes', () => {
  it('the same control on the row that took its place, rows new to the list included', () => {
    const ul = list(['a', 'b', 'c']);
    const target = rowLanding(go(ul, 'b'), fallback);
    remove(ul, 'b');
    ul.prepend(row('new-first'));
    expect(target()).toBe(go(ul, 'c'));
    remove(ul, 'c');
    ul.append(row('new-last'));
    expect(target()).toBe(go(ul, 'new-last'));
  });

  it('else the nearest row before it that has one, past rows without it or with it disabled', () => {
    const ul = list(['a', 'b', 'c', 'd']);
    const target = rowLanding(go(ul, 'd'), fallback);
    go(ul, 'd').remove();
    go(ul, 'c').toggleAttribute('disabled', true);
    expect(target()).toBe(go(ul, 'b'));
  });

  it('else what the list shows instead, also once the list itself is gone', () => {
    const ul = list(['a']);
    const empty = document.createElement('p');
    empty.id = 'empty';
    document.body.append(empty);
    const target = rowLanding(go(ul, 'a'), fallback);
    remove(ul, 'a');
    expect(target()).toBe(empty);
    ul.append(row('back'));
    ul.remove();
    expect(target()).toBe(empty);
  });

  it('a control not marked as a row’s, or outside any row, goes straight to the fallback', () => {
    const button = document.createElement('button');
    document.body.append(button);
    expect(rowLanding(button, fallback)).toBe(fallback);
  });
});
