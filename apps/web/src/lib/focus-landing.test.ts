import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rowLanding, useStepLanding } from './focus-landing';

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

describe('useStepLanding: where the focus goes when a step takes the place of another', () => {
  /** A step on the page under the hook's id: a heading, a field, a message, a field in error. */
  function stepWith(stepId: string) {
    const step = document.createElement('div');
    step.id = stepId;
    step.innerHTML = [
      '<h3>Step</h3>',
      '<input type="hidden" name="id"><input readonly aria-label="Read only">',
      '<input aria-label="First">',
      '<div role="status">Result</div>',
      '<input aria-label="Refused" aria-invalid="true">',
      '<button>Go on</button>',
    ].join('');
    document.body.append(step);
    return step;
  }
  const part = (step: HTMLElement, selector: string) => step.querySelector(selector) as HTMLElement;

  it('the field in error, else the message, else the first field, else the heading', async () => {
    const { result } = renderHook(() => useStepLanding());
    const step = stepWith(result.current.stepId);
    const expectLanding = async (selector: string) => {
      act(() => (document.activeElement as HTMLElement | null)?.blur());
      act(() => result.current.focusStep());
      await waitFor(() => expect(document.activeElement).toBe(part(step, selector)));
    };

    await expectLanding('[aria-invalid="true"]');
    part(step, '[aria-invalid="true"]').remove();
    await expectLanding('[role="status"]');
    part(step, '[role="status"]').remove();
    await expectLanding('[aria-label="First"]');
    part(step, '[aria-label="First"]').remove();
    await expectLanding('h3');
    expect(part(step, 'h3').getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus on a control that kept it, and takes it from an element around the step', async () => {
    const { result } = renderHook(() => useStepLanding());
    const dialog = document.createElement('div');
    dialog.tabIndex = -1;
    document.body.append(dialog);
    const step = stepWith(result.current.stepId);
    dialog.append(step);

    act(() => part(step, 'button').focus());
    act(() => result.current.focusStep());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(part(step, 'button'));

    act(() => dialog.focus());
    act(() => result.current.focusStep());
    await waitFor(() => expect(document.activeElement).toBe(part(step, '[aria-invalid="true"]')));
  });
});
