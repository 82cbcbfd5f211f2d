import { describe, expect, it } from 'vitest';
import { customFieldSaveSchema, SummaryFieldType, summaryConfigSaveSchema, toFieldErrors } from '../src/index.js';

const problems = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : toFieldErrors(result.error as never, 'zh').map((p) => [p.field, p.message]);

describe('custom field save body', () => {
  it('has the 13 types of the QC session summary, by the same codes', () => {
    expect(SummaryFieldType.values).toEqual([
      'INPUT',
      'PHONE',
      'TEXTAREA',
      'INTEGER',
      'NUMBER',
      'DATE',
      'DATETIME',
      'RADIO',
      'TREE_SINGLE',
      'LIST_SINGLE',
      'TREE_MULTI',
      'CHECKBOX',
      'LIST_MULTI',
    ]);
  });

  it('needs name, code and type; a code of letters, digits, _ and - of at most 50', () => {
    expect(problems(customFieldSaveSchema.safeParse({}))).toEqual([
      ['name', '此项为必填项'],
      ['code', '此项为必填项'],
      ['type', expect.stringContaining('')],
    ]);
    expect(problems(customFieldSaveSchema.safeParse({ name: '电话', code: 'a b', type: 'PHONE' }))).toEqual([
      ['code', '字段编码只能包含字母、数字和 _ -'],
    ]);
    expect(customFieldSaveSchema.safeParse({ name: '电话', code: 'c'.repeat(51), type: 'PHONE' }).success).toBe(false);
  });

  it('asks a choice type for options with distinct values; other types keep none', () => {
    const radio = { name: '结果', code: 'r', type: 'RADIO' };
    expect(problems(customFieldSaveSchema.safeParse(radio))).toEqual([['options', '请至少添加一个选项']]);
    const twice = customFieldSaveSchema.safeParse({
      ...radio,
      options: [
        { label: '是', value: 'Y' },
        { label: '对', value: 'Y' },
      ],
    });
    expect(problems(twice)).toEqual([['options[1].value', '选项值重复：Y']]);
    const text = customFieldSaveSchema.parse({ ...radio, type: 'INPUT', options: [{ label: '是', value: 'Y' }] });
    expect(text.options).toEqual([]);
  });

  it('keeps a tree to three levels, and a flat list without children', () => {
    const leaf = { label: 'c', value: 'c' };
    const tree = [{ label: 'a', value: 'a', children: [{ label: 'b', value: 'b', children: [leaf] }] }];
    const body = { name: '地区', code: 'area', type: 'TREE_MULTI', options: tree };
    expect(customFieldSaveSchema.parse(body).options).toEqual(tree);
    const deep = structuredClone(tree);
    deep[0]!.children[0]!.children = [{ ...leaf, children: [{ label: 'd', value: 'd' }] }] as never;
    expect(problems(customFieldSaveSchema.safeParse({ ...body, options: deep }))).toEqual([
      ['options[0].children[0].children[0].children', expect.stringContaining('嵌套不能超过 3 层')],
    ]);
    expect(customFieldSaveSchema.parse({ ...body, type: 'LIST_MULTI' }).options).toEqual([{ label: 'a', value: 'a' }]);
  });
});

describe('summary save body', () => {
  it('says 请输入名称 for a missing or blank name (spec §5)', () => {
    for (const name of [undefined, '', '  '])
      expect(problems(summaryConfigSaveSchema.safeParse({ name }))).toEqual([['name', '请输入名称']]);
  });

  it('keeps a field listed twice once, where it first appears, with its first switches (spec §5)', () => {
    const parsed = summaryConfigSaveSchema.parse({
      name: '小结',
      fields: [{ fieldId: '2', required: true }, { fieldId: '1' }, { fieldId: '2', search: true }],
    });
    expect(parsed.fields).toEqual([
      { fieldId: '2', required: true, search: false },
      { fieldId: '1', required: false, search: false },
    ]);
    expect(summaryConfigSaveSchema.parse({ name: '小结' }).fields).toEqual([]);
  });
});
