/**
 * Scores the built-in lexicon model against the hand-labelled evaluation set
 * (`fixtures/models/eval-set.jsonl`): precision, recall, F1 and support per label and a micro average per
 * task. Run with `npm run eval:models`; add `--errors` to list the sentences it gets wrong.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateModel, parseEvalSet } from '../packages/engine/src/models/evaluate.js';
import { lexiconModel } from '../packages/engine/src/models/lexicon/lexicon-model.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SET = join(ROOT, 'fixtures/models/eval-set.jsonl');
const items = parseEvalSet(readFileSync(SET, 'utf8'));
const scores = evaluateModel(lexiconModel, items);

const pct = (x: number) => x.toFixed(3);
const lines = [
  '| task | label | precision | recall | F1 | support |',
  '|---|---|---:|---:|---:|---:|',
  ...scores.map(
    (s) =>
      `| ${s.task} | ${s.label === 'micro' ? '**micro avg**' : s.label} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} | ${s.support} |`,
  ),
];
console.log(`${items.length} sentences from ${SET.slice(ROOT.length + 1)}\n`);
console.log(lines.join('\n'));

if (process.argv.includes('--errors')) {
  for (const task of ['CUSTOMER_CHECK_MODEL', 'ABUSE_MODEL'] as const) {
    const mine = items.filter((i) => i.task === task);
    const got = lexiconModel.classifySync!(
      mine.map((i) => i.text),
      task,
    );
    mine.forEach((item, i) => {
      const p = got[i]!.filter((l) => l.confidence >= 0.5).map((l) => l.label);
      const fp = p.filter((l) => !item.labels.includes(l));
      const fn = item.labels.filter((l) => !p.includes(l));
      if (fp.length + fn.length > 0)
        console.log(`${task[0]} FP=${fp.join(',') || '-'} FN=${fn.join(',') || '-'}\t${item.text}`);
    });
  }
}
