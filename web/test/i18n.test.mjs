// Every word of the page exists in both languages, and the static page
// names no key the dictionaries lack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KEYS } from '../src/i18n.js';

test('English and Spanish have the same keys', () => {
  assert.deepEqual([...KEYS.es].sort(), [...KEYS.en].sort());
});

test('every data-i18n key of the page and every t() key of the code is in the dictionaries', () => {
  const html = readFileSync(new URL('../src/index.html', import.meta.url), 'utf8');
  const app = readFileSync(new URL('../src/app.js', import.meta.url), 'utf8');
  const used = new Set([...html.matchAll(/data-i18n="([a-z_]+)"/g)].map((m) => m[1]));
  for (const m of app.matchAll(/\bt\('([a-z_]+)'/g)) used.add(m[1]);
  for (const m of app.matchAll(/'(stop_[a-z]+|stat_[a-z_]+|col_[a-z]+)'/g)) used.add(m[1]);
  const known = new Set(KEYS.en);
  assert.deepEqual([...used].filter((k) => !known.has(k)), []);
  assert.ok(used.size > 60, `${used.size} keys used`);
});
