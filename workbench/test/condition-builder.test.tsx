import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConditionBuilder } from '../src/rule-editor/ConditionBuilder';
import { compileDraft } from '../src/rule-editor/compile-draft';
import {
  addCondition,
  addOperator,
  deleteCondition,
  emptyDraft,
  fieldOfPath,
  type RuleDraft,
  removeOperator,
  splitKeywords,
  toConditionConfig,
  toDraft,
} from '../src/rule-editor/draft';
import type { LambdaEditorProps } from '../src/rule-editor/LambdaEditor';
import { useDraftProblem } from '../src/rule-editor/use-draft-problem';
import { fakeClient, renderConsole } from './helpers';

// Monaco does not run in jsdom: the CUSTOM editor is a textarea with the same props here.
vi.mock('../src/rule-editor/LambdaEditor', () => ({
  default: ({ value, onChange, problem }: LambdaEditorProps) => (
    <textarea
      aria-label="lambda"
      data-problem={problem?.message ?? ''}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  ),
}));

let latest: RuleDraft = emptyDraft();
function Harness({ initial }: { initial?: RuleDraft }) {
  const [draft, setDraft] = useState<RuleDraft>(initial ?? emptyDraft());
  latest = draft;
  const problem = useDraftProblem({ id: 'r1', name: 'test' }, draft, 10);
  return <ConditionBuilder draft={draft} onChange={setDraft} problem={problem} />;
}

function show(initial?: RuleDraft) {
  const { client } = fakeClient({});
  return renderConsole(<Harness initial={initial} />, { client });
}

/** The input labelled `label` (a Mantine Select also labels its option list with it). */
function inputLabelled(container: HTMLElement, label: string): HTMLInputElement {
  return within(container)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLInputElement;
}

async function addByType(label: string) {
  await userEvent.click(inputLabelled(document.body, '选择条件类型'));
  await userEvent.click(await screen.findByRole('option', { name: label }));
  await userEvent.click(screen.getByRole('button', { name: '添加条件' }));
}

/** The error text Mantine shows for the input labelled `label` inside a condition card. */
function errorOf(card: HTMLElement, label: string): string | null {
  const input = inputLabelled(card, label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length === 0 ? null : (document.getElementById(ids[0]!)?.textContent ?? null);
}

const withConditions = (...types: string[]) => types.reduce((d, type) => addCondition(d, type), emptyDraft());

describe('condition builder', () => {
  it("asks for a type before adding: '请选择条件类型'", async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: '添加条件' }));
    expect(screen.getByText('请选择条件类型')).toBeTruthy();
    expect(screen.queryByTestId('condition-a')).toBeNull();
  });

  it('adds conditions named a, b, c with the spec defaults', async () => {
    show();
    await addByType('相似话术');
    await addByType('重复检测');
    await addByType('包含任意N个关键词');
    expect(latest.conditions.map((c) => c.cid)).toEqual(['a', 'b', 'c']);
    const a = screen.getByTestId('condition-a');
    expect((within(a).getByLabelText('相似度（%）') as HTMLInputElement).value).toBe('80');
    const b = screen.getByTestId('condition-b');
    expect((within(b).getByLabelText('重复相似度（0.1–1.0，默认 0.1）') as HTMLInputElement).value).toBe('0.1');
    expect((within(b).getByLabelText('第几次重复时命中') as HTMLInputElement).value).toBe('1');
    expect((within(b).getByLabelText('检测窗口（0 表示之前全部）') as HTMLInputElement).value).toBe('0');
    expect(latest.conditions[2]!.operators[0]!.param).toEqual({
      keywords: [],
      keywordMatchSize: 0,
      inSentence: false,
      threshold: 0,
    });
  });

  it('converts the legacy KEYWORDS type to HIT_ANY_KEYWORDS', async () => {
    show();
    await addByType('关键词 (KEYWORDS)');
    expect(latest.conditions[0]!.operators[0]!.type).toBe('HIT_ANY_KEYWORDS');
  });

  it("shows the compiler's error at the keywords field and clears it once keywords are typed", async () => {
    show();
    await addByType('命中任意关键词');
    const card = screen.getByTestId('condition-a');
    await waitFor(() => expect(errorOf(card, '关键词')).toBe('关键词不能为空'));
    await userEvent.type(within(card).getByLabelText('关键词'), '投诉， 退款 ,,');
    await waitFor(() => expect(errorOf(card, '关键词')).toBeNull());
    expect(latest.conditions[0]!.operators[0]!.param.keywords).toEqual(['投诉', '退款']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a model condition forces its role and disables the selector', async () => {
    show();
    await addByType('坐席违规模型');
    const role = inputLabelled(screen.getByTestId('condition-a'), '角色');
    expect(role.disabled).toBe(true);
    expect(role.value).toBe('坐席');
    expect(toConditionConfig(latest).conditions[0]!.checkRange).toMatchObject({ role: 'AGENT' });
  });

  it('deleting asks first, clears the anchors and ranges of every later condition, and renames the rest', async () => {
    let draft = withConditions('HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS');
    draft = {
      ...draft,
      conditions: draft.conditions.map((c, i) => ({
        ...c,
        operators: [{ ...c.operators[0]!, param: { keywords: [`词${i}`] } }],
        checkRange:
          i === 1
            ? { ...c.checkRange, anchorCid: 'a', location: 'AFTER', from: 1, to: 2 }
            : i === 2
              ? { ...c.checkRange, role: 'AGENT', anchorCid: 'b', location: 'AFTER', from: 1, to: 3 }
              : i === 3
                ? { ...c.checkRange, anchorCid: 'a', location: 'BEFORE', from: -2, to: -1 }
                : c.checkRange,
      })),
      lambdaType: 'CUSTOM',
      expression: 'a && (b || !c) && d',
    };
    show(draft);
    await userEvent.click(screen.getByRole('button', { name: '删除条件 c' }));
    expect(
      await screen.findByText('确认删除条件 c？其后所有条件的锚点和检测范围将被清空，其余条件将按 a、b、c 重新命名。'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(latest.conditions).toHaveLength(3));
    expect(latest.conditions.map((c) => [c.cid, c.operators[0]!.param.keywords])).toEqual([
      ['a', ['词0']],
      ['b', ['词1']],
      ['c', ['词3']],
    ]);
    const stored = toConditionConfig(latest).conditions;
    // b comes before the deleted condition: its anchor and range stay
    expect(stored[1]!.checkRange).toMatchObject({ range: { from: 1, to: 2 }, anchor: { cid: 'a', location: 'AFTER' } });
    // the old d came after it: anchored on a, not on the deleted c, it still loses its anchor and range
    expect(stored[2]!.checkRange).toEqual({ range: null, anchor: null });
    expect(latest.expression).toBe('a && (b || !?) && c');
    expect(screen.queryByTestId('condition-d')).toBeNull();
    // the card shows it: no anchor, an empty range
    const card = screen.getByTestId('condition-c');
    expect(inputLabelled(card, '锚点条件').value).toBe('无锚点');
    expect((within(card).getByLabelText('从第几句') as HTMLInputElement).value).toBe('');
  });

  it('a later condition keeps its role when it loses its anchor and range', () => {
    let draft = withConditions('HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS');
    draft.conditions[2]!.checkRange = {
      ...draft.conditions[2]!.checkRange,
      role: 'CUSTOMER',
      anchorCid: 'a',
      from: 1,
      to: 5,
      hitTime: 1,
      inputHitTime: 2,
    };
    draft = deleteCondition(draft, 1);
    expect(draft.conditions[1]!.checkRange).toMatchObject({
      role: 'CUSTOMER',
      anchorCid: 'null',
      from: null,
      to: null,
      hitTime: -1,
      inputHitTime: null,
    });
  });

  it('cancelling the delete keeps every condition', async () => {
    show(withConditions('HIT_ANY_KEYWORDS', 'EXCLUDE_KEYWORDS'));
    await userEvent.click(screen.getByRole('button', { name: '删除条件 a' }));
    await userEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(latest.conditions.map((c) => c.cid)).toEqual(['a', 'b']);
  });

  it('a CUSTOM expression naming an unknown condition is marked at the lambda field', async () => {
    let draft = withConditions('HIT_ANY_KEYWORDS');
    draft = {
      ...draft,
      conditions: draft.conditions.map((c) => ({
        ...c,
        operators: [{ ...c.operators[0]!, param: { keywords: ['投诉'] } }],
      })),
    };
    show(draft);
    await userEvent.click(screen.getByText('自定义'));
    const editor = (await screen.findByLabelText('lambda')) as HTMLTextAreaElement;
    expect(editor.value).toBe('a');
    fireEvent.change(editor, { target: { value: 'a && z' } });
    await waitFor(() => expect(editor.getAttribute('data-problem')).toMatch(/z/));
    expect(latest.expression).toBe('a && z');
    fireEvent.change(editor, { target: { value: 'a && !a' } });
    await waitFor(() => expect(editor.getAttribute('data-problem')).toBe(''));
  });

  it('an anchor with a given hit time needs N at least 1', async () => {
    show(withConditions('HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS'));
    const b = screen.getByTestId('condition-b');
    await userEvent.click(inputLabelled(b, '锚点条件'));
    await userEvent.click(await screen.findByRole('option', { name: 'a' }));
    expect(latest.conditions[1]!.checkRange.anchorCid).toBe('a');
    await userEvent.click(inputLabelled(b, '锚点命中'));
    await userEvent.click(await screen.findByRole('option', { name: '第N次' }));
    expect(latest.conditions[1]!.checkRange).toMatchObject({ hitTime: 1, inputHitTime: 1 });
  });
});

describe('draft conversion', () => {
  it('stores a range without a start as null, anchor cid null as null, and omits role all', () => {
    const draft = addCondition(emptyDraft(), 'HIT_ANY_KEYWORDS');
    draft.conditions[0]!.checkRange = { ...draft.conditions[0]!.checkRange, from: null, to: 3 };
    expect(toConditionConfig(draft).conditions[0]!.checkRange).toEqual({ range: null, anchor: null });
  });

  it('reads a stored rule back to the same stored form', () => {
    const stored = {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS' as const, name: '投诉', param: { keywords: ['投诉'] } }],
          checkRange: { role: 'CUSTOMER' as const, range: { from: 1, to: 3 }, anchor: null },
        },
        {
          cid: 'b',
          operators: [{ type: 'SIMILAR_MATCH' as const, name: '', param: { phrases: ['抱歉'], similarity: 70 } }],
          checkRange: {
            range: null,
            anchor: { cid: 'a', location: 'AFTER' as const, hitTime: 1 as const, inputHitTime: 2 },
          },
        },
      ],
      lambda: 'a && !b',
      ruleScore: { enable: true, ruleScoreType: 'ONCE' as const, scoreNum: 5 },
      level: null,
      autoReview: null,
    };
    const draft = toDraft(stored);
    expect(draft.lambdaType).toBe('CUSTOM');
    expect(toConditionConfig(draft)).toEqual(stored);
    expect(toDraft(JSON.stringify(stored)).conditions).toHaveLength(2);
  });

  it('splits keywords on ASCII and Chinese commas, trimming and dropping blanks', () => {
    expect(splitKeywords(' 退款 ,投诉，， ,差评 ')).toEqual(['退款', '投诉', '差评']);
  });

  it('maps compile paths to builder fields', () => {
    expect(fieldOfPath('$.conditionConfig.conditions[0].operators[1].param.keywords[2]')).toBe(
      'conditions.0.operators.1.param.keywords',
    );
    expect(fieldOfPath('$.conditionConfig.conditions[3]')).toBe('conditions.3');
    expect(fieldOfPath('$.conditionConfig.lambda')).toBe('lambda');
  });

  it('deleting the first condition clears the anchors of all the others, which are renamed', () => {
    let draft = withConditions('HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS', 'HIT_ANY_KEYWORDS');
    draft.conditions[2]!.checkRange = { ...draft.conditions[2]!.checkRange, anchorCid: 'b' };
    draft = deleteCondition(draft, 0);
    expect(draft.conditions.map((c) => c.cid)).toEqual(['a', 'b']);
    expect(draft.conditions[1]!.checkRange.anchorCid).toBe('null');
  });
});

/** Chooses `label` in condition `cid`'s operator type select and adds it. */
async function addOperatorByType(cid: string, label: string) {
  await userEvent.click(inputLabelled(document.body, `选择算子类型 ${cid}`));
  await userEvent.click(await screen.findByRole('option', { name: label }));
  await userEvent.click(screen.getByRole('button', { name: `添加算子 ${cid}` }));
}

describe('condition builder: several operators in a condition', () => {
  it('adds a second operator with its own form and defaults, stores both, and removes it again', async () => {
    show();
    await addByType('命中任意关键词');
    const card = screen.getByTestId('condition-a');
    // one operator: no numbering and nothing to remove
    expect(within(card).queryByRole('button', { name: '删除算子 a1' })).toBeNull();
    await addOperatorByType('a', '相似话术');
    expect(latest.conditions).toHaveLength(1);
    expect(latest.conditions[0]!.operators.map((o) => o.type)).toEqual(['HIT_ANY_KEYWORDS', 'SIMILAR_MATCH']);
    expect(latest.conditions[0]!.operators[1]!.param).toEqual({ phrases: [], similarity: 80 });
    expect(within(card).getByText('命中任意关键词 + 相似话术')).toBeTruthy();
    const second = screen.getByTestId('operator-a-2');
    expect(within(second).getByText('算子 2 · 相似话术')).toBeTruthy();
    expect((within(second).getByLabelText('相似度（%）') as HTMLInputElement).value).toBe('80');
    // each operator's form edits its own operator
    await userEvent.type(within(screen.getByTestId('operator-a-1')).getByLabelText('关键词'), '投诉');
    expect(latest.conditions[0]!.operators[0]!.param.keywords).toEqual(['投诉']);
    expect(latest.conditions[0]!.operators[1]!.param).toEqual({ phrases: [], similarity: 80 });
    expect(toConditionConfig(latest).conditions[0]!.operators).toEqual([
      { type: 'HIT_ANY_KEYWORDS', name: '', param: { keywords: ['投诉'], inSentence: false, threshold: 0 } },
      { type: 'SIMILAR_MATCH', name: '', param: { phrases: [], similarity: 80 } },
    ]);

    await userEvent.click(within(card).getByRole('button', { name: '删除算子 a2' }));
    expect(latest.conditions[0]!.operators.map((o) => o.type)).toEqual(['HIT_ANY_KEYWORDS']);
    expect(latest.conditions[0]!.operators[0]!.param.keywords).toEqual(['投诉']);
    expect(screen.queryByTestId('operator-a-2')).toBeNull();
    expect(within(card).queryByRole('button', { name: '删除算子 a1' })).toBeNull();
  });

  it("asks for a type before adding an operator: '请选择条件类型'", async () => {
    show();
    await addByType('命中任意关键词');
    await userEvent.click(screen.getByRole('button', { name: '添加算子 a' }));
    expect(within(screen.getByTestId('condition-a')).getByText('请选择条件类型')).toBeTruthy();
    expect(latest.conditions[0]!.operators).toHaveLength(1);
  });

  it("shows the compiler's error at the second operator's own field", async () => {
    show();
    await addByType('命中任意关键词');
    await userEvent.type(within(screen.getByTestId('operator-a-1')).getByLabelText('关键词'), '投诉');
    await addOperatorByType('a', '命中任意关键词');
    const second = screen.getByTestId('operator-a-2');
    await waitFor(() => expect(errorOf(second, '关键词')).toBe('关键词不能为空'));
    expect(errorOf(screen.getByTestId('operator-a-1'), '关键词')).toBeNull();
    await userEvent.type(within(second).getByLabelText('关键词'), '退款');
    await waitFor(() => expect(errorOf(second, '关键词')).toBeNull());
    expect(latest.conditions[0]!.operators.map((o) => o.param.keywords)).toEqual([['投诉'], ['退款']]);
  });

  it('a model operator added to a condition forces its role', async () => {
    show();
    await addByType('命中任意关键词');
    const card = screen.getByTestId('condition-a');
    expect(inputLabelled(card, '角色').disabled).toBe(false);
    await addOperatorByType('a', '坐席违规模型');
    expect(inputLabelled(card, '角色').disabled).toBe(true);
    expect(inputLabelled(card, '角色').value).toBe('坐席');
    expect(toConditionConfig(latest).conditions[0]!.checkRange).toMatchObject({ role: 'AGENT' });
  });

  it('offers no adding or removing of operators when read-only', () => {
    const draft = {
      ...withConditions('HIT_ANY_KEYWORDS'),
    };
    draft.conditions[0] = addOperator(draft.conditions[0]!, 'SIMILAR_MATCH');
    const { client } = fakeClient({});
    renderConsole(<ConditionBuilder draft={draft} onChange={() => undefined} problem={null} readOnly />, { client });
    expect(screen.getByTestId('operator-a-2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加算子 a' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除算子 a2' })).toBeNull();
  });

  it('removing keeps at least one operator; the legacy KEYWORDS type is read as HIT_ANY_KEYWORDS', () => {
    const [condition] = withConditions('REGULAR_EXPRESSION').conditions;
    const two = addOperator(condition!, 'KEYWORDS');
    expect(two.operators.map((o) => o.type)).toEqual(['REGULAR_EXPRESSION', 'HIT_ANY_KEYWORDS']);
    const one = removeOperator(two, 0);
    expect(one.operators.map((o) => o.type)).toEqual(['HIT_ANY_KEYWORDS']);
    expect(removeOperator(one, 0)).toBe(one);
    // a stored condition with two operators reads and stores back the same
    const stored = toConditionConfig({ ...emptyDraft(), conditions: [two] });
    expect(toConditionConfig(toDraft(stored))).toEqual(stored);
  });
});

describe("the compiler's problems in the form's words (issue 15)", () => {
  /** two keyword conditions that compile, with `param` given to the second */
  const twoWith = (param: Record<string, unknown>) => {
    const draft = withConditions('HIT_ANY_KEYWORDS', 'SIMILAR_MATCH');
    draft.conditions[0]!.operators[0]!.param = { keywords: ['投诉'] };
    draft.conditions[1]!.operators[0]!.param = { phrases: ['抱歉'], ...param };
    return draft;
  };

  it('names the field by its label and the condition by its id, never by the JSON path or the code', () => {
    const problem = compileDraft({ name: 'r' }, twoWith({ similarity: 150 }))!;
    expect(problem.field).toBe('conditions.1.operators.0.param.similarity');
    expect(problem.where).toEqual({ zh: '条件 b · 相似度（%）', en: 'Condition b · Similarity (%)' });
    expect({ zh: problem.zh, en: problem.en }).toEqual({
      zh: '相似度（%）必须在 0 到 100 之间',
      en: 'Similarity (%) must be between 0 and 100',
    });
  });

  it('a counter with no upper bound says only its minimum', () => {
    const draft = withConditions('HIT_ANY_KEYWORDS');
    draft.conditions[0]!.operators[0]!.param = { keywords: ['投诉'], threshold: -1 };
    const problem = compileDraft({ name: 'r' }, draft)!;
    expect([problem.zh, problem.en]).toEqual(['最少出现次数不能小于 0', 'Minimum occurrences must be at least 0']);
  });
});
