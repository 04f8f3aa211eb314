import { describe, expect, it } from 'vitest';
import { countries, currencies, optionsMatching } from './transfer-options';

const names = (query: string, options: readonly { code: string; name: string }[] = countries) =>
  optionsMatching(options, query).map((option) => option.name);

describe('optionsMatching: what a searchable picker offers first', () => {
  it('puts a name that starts with the text first, before names that only hold it', () => {
    expect(names('ger')).toEqual(['Germany', 'Algeria', 'Niger', 'Nigeria']);
    expect(names('FRA')[0]).toBe('France');
  });

  it('puts the code itself first, then a later word of a name', () => {
    expect(names('de')[0]).toBe('Germany');
    expect(names('kingdom')).toEqual(['United Kingdom']);
    expect(names('eur', currencies)[0]).toBe('Euro');
  });

  it('offers everything, in the list’s order, for no text; nothing for text nothing holds', () => {
    expect(optionsMatching(countries, '  ')).toEqual(countries);
    expect(names('zzz')).toEqual([]);
  });
});
