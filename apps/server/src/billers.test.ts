import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBillers, loadBillers } from './billers';

const fileWith = (content: unknown) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-billers-')), 'billers.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('[CONFIG]: the biller directory', () => {
  it("is the demo's six billers by default, one per category of spec §3", () => {
    expect(loadBillers(undefined)).toBe(demoBillers);
    expect(demoBillers.map((b) => b.category)).toEqual([
      'electric',
      'water',
      'internet',
      'mobile',
      'insurance',
      'streaming',
    ]);
  });

  it('reads a JSON file, and refuses one that is not a valid directory, saying why', () => {
    const own = [{ id: 'cu-gas', name: 'Gas Co', category: 'other', delivery: 'check', address: '1 Pipe St' }];
    expect(loadBillers(fileWith(own))).toEqual(own);
    expect(() => loadBillers(fileWith('not json'))).toThrow(/cannot read/);
    expect(() =>
      loadBillers(fileWith([{ id: 'cu-gas', name: 'Gas Co', category: 'other', delivery: 'electronic' }])),
    ).toThrow(/an electronic biller needs routingNumber and accountNumber/);
    expect(() =>
      loadBillers(
        fileWith([
          {
            id: 'cu-gas',
            name: 'Gas Co',
            category: 'other',
            delivery: 'electronic',
            routingNumber: '123456789',
            accountNumber: '1',
          },
        ]),
      ),
    ).toThrow(/valid ABA routing number/);
    expect(() => loadBillers(fileWith([...own, ...own]))).toThrow(/unique/);
  });
});
