import { describe, expect, it } from 'vitest';
import { CsvRowCounter } from './download';

describe('CsvRowCounter', () => {
  it('counts records, not line breaks inside quoted fields, across chunks cut anywhere', () => {
    const text = '\uFEFFCase ID,Comments\r\n1,"two\r\nlines"\r\n2,"a ""quoted"" word"\r\n3,plain\r\n';
    for (const cut of [1, 5, 17, 23, 31]) {
      const counter = new CsvRowCounter();
      counter.add(text.slice(0, cut));
      counter.add(text.slice(cut));
      expect(counter.rows).toBe(4);
    }
  });
});
