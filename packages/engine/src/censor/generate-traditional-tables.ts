/**
 * Generates `traditional-chars.ts` and `traditional-phrases.ts` from opencc-js (in the dependency tree). Run from
 * the repository root when opencc-js changes, then run `test/censor/traditional.test.ts`:
 *
 *   node --import tsx packages/engine/src/censor/generate-traditional-tables.ts
 *
 * Characters: every character of CJK Unified Ideographs, Extension A and Compatibility Ideographs, converted on its
 * own by the `t`, `tw` and `hk` → `cn` converters (first that changes it wins); only single-character results are
 * kept, and chains are resolved so the map is idempotent. The output reproduces the committed table byte for byte.
 *
 * Phrases: the same-length phrases of OpenCC's phrase dictionaries for those converters (TSPhrases, and the
 * Taiwan and Hong Kong variant phrases) whose phrase-level conversion differs from the character table applied to
 * both sides — i.e. exactly where the character table cannot decide (`反覆` → `反复`, while `覆盖` keeps `覆`). Each
 * entry maps the character-folded phrase to the character-folded conversion, so it applies to a view the
 * character table has already folded. Entries that change nothing after character folding (`乾隆`: both sides fold
 * to `干隆`) are left out: they could never make a word and a text disagree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as OpenCCFull from 'opencc-js';
import * as OpenCC from 'opencc-js/t2cn';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const converters = (['t', 'tw', 'hk'] as const).map((from) => OpenCC.Converter({ from, to: 'cn' }));
const toTraditional = OpenCCFull.Converter({ from: 'cn', to: 't' });

// --- characters -------------------------------------------------------------------------------------------------
const ranges: [number, number][] = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
];
const map = new Map<string, string>();
for (const [from, to] of ranges) {
  for (let c = from; c <= to; c++) {
    const t = String.fromCharCode(c);
    for (const convert of converters) {
      const s = convert(t);
      if (s !== t) {
        if (s.length === 1) map.set(t, s);
        break;
      }
    }
  }
}
// chains: 乾 → 干 and … → 乾 resolve to the end of the chain, so folding twice is folding once
for (const [t, s] of map) {
  let end = s;
  for (let guard = 0; map.has(end) && map.get(end) !== end && guard < 8; guard++) end = map.get(end)!;
  map.set(t, end);
}
for (const [t, s] of [...map]) if (t === s) map.delete(t);
const traditional = [...map.keys()].join('');
const simplified = [...map.values()].join('');
const fold = (text: string) => [...text].map((c) => map.get(c) ?? c).join('');

// --- phrases ----------------------------------------------------------------------------------------------------
const dictionaries = ['TSPhrases', 'TWVariantsRevPhrases', 'HKVariantsRevPhrases'];
const candidates = new Set<string>();
for (const name of dictionaries) {
  const module = (await import(`opencc-js/dict/${name}`)) as { default: string };
  for (const entry of module.default.split('|')) {
    const [phrase] = entry.split(' ');
    if (phrase && [...phrase].length >= 2) candidates.add(phrase);
  }
}
const phrases = new Map<string, string>();
for (const phrase of [...candidates].sort()) {
  if (phrase.length !== [...phrase].length) continue; // astral characters: positions would not be code units
  for (const convert of converters) {
    const converted = convert(phrase);
    if (converted.length !== phrase.length) continue;
    const from = fold(phrase);
    const to = fold(converted);
    if (from === to) continue;
    // `from` may also be ordinary simplified text meaning something else (`打坏`, "broke", is also the folded form
    // of `打坏` "shape a clay blank" → `打坯`): keep the entry only when a simplified writer's `from`, taken to
    // traditional and back by OpenCC, gives `to` too.
    if (fold(convert(toTraditional(from))) !== to) break;
    const known = phrases.get(from);
    if (known === undefined) phrases.set(from, to);
    break;
  }
}

// --- files ------------------------------------------------------------------------------------------------------
const rows = (text: string) => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 100) out.push(`  '${text.slice(i, i + 100)}',`);
  return out.join('\n');
};
writeFileSync(
  here('./traditional-chars.ts'),
  `/**
 * Traditional → simplified Chinese, one character to one character, generated from opencc-js (\`t\`, \`tw\` and
 * \`hk\` → \`cn\`, each character of CJK Unified Ideographs, Extension A and Compatibility Ideographs converted on
 * its own; characters whose conversion is not a single character are left out; chains resolved, so the map is
 * idempotent). \`test/censor/traditional.test.ts\` checks it against opencc-js. ${map.size} pairs:
 * TRADITIONAL[i] folds to SIMPLIFIED[i].
 */
export const TRADITIONAL = [
${rows(traditional)}
].join('');

export const SIMPLIFIED = [
${rows(simplified)}
].join('');
`,
);
// one row per few entries, each row ending on an entry (rows are joined with '|')
const entryRows: string[] = [];
let row = '';
for (const [from, to] of phrases) {
  const entry = `${from} ${to}`;
  if (row !== '' && row.length + entry.length + 1 > 100) {
    entryRows.push(`  '${row}',`);
    row = '';
  }
  row = row === '' ? entry : `${row}|${entry}`;
}
if (row !== '') entryRows.push(`  '${row}',`);
writeFileSync(
  here('./traditional-phrases.ts'),
  `/**
 * Phrase-level traditional → simplified where the character table cannot decide (\`反覆\` → \`反复\`), generated by
 * \`generate-traditional-tables.ts\` from opencc-js's phrase dictionaries. ${phrases.size} entries \`from to\`, both
 * already folded by the character table and of the same length, separated by \`|\`.
 */
export const TRADITIONAL_PHRASES = [
${entryRows.join('\n')}
].join('|');
`,
);
process.stdout.write(`${map.size} characters, ${phrases.size} phrases\n`);
