import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  aiResultFilterSchema,
  canMoveDeleted,
  censorLogFilterSchema,
  complaintFilterSchema,
  Deleted,
  deleteBodySchema,
  deleteSourceOf,
  manualResultFilterSchema,
  manualResultPageSchema,
  pageAnswerSchema,
  pageQuerySchema,
  parseScoreSort,
  qualityStatusBodySchema,
  saveAction,
  schemeFilterSchema,
  scoreSortsSchema,
  statusBodySchema,
} from '../src/index.js';
import { shown } from './helpers.js';

describe('canMoveDeleted', () => {
  it('allows exactly NONE→TRASH, TRASH→NONE, TRASH→BUFFER', () => {
    const allowed: string[] = [];
    for (const from of Deleted.values)
      for (const to of Deleted.values) if (canMoveDeleted(from, to)) allowed.push(`${from}→${to}`);
    expect(allowed).toEqual(['NONE→TRASH', 'TRASH→NONE', 'TRASH→BUFFER']);
  });
  it('names the state a delete body applies to', () => {
    expect(deleteSourceOf('TRASH')).toBe('NONE');
    expect(deleteSourceOf('NONE')).toBe('TRASH');
    expect(deleteSourceOf('BUFFER')).toBe('TRASH');
  });
});

describe('delete and status bodies', () => {
  it('accepts {ids, deleted} and {ids, status}', () => {
    expect(deleteBodySchema.parse({ ids: ['1', '2'], deleted: 'TRASH' })).toEqual({
      ids: ['1', '2'],
      deleted: 'TRASH',
    });
    expect(statusBodySchema.parse({ ids: ['7'], status: 'ACTIVE' })).toEqual({ ids: ['7'], status: 'ACTIVE' });
  });
  it('an empty selection is "please select a record"', () => {
    expect(shown(deleteBodySchema, { ids: [], deleted: 'TRASH' }, 'en')).toEqual([['ids', 'please select a record']]);
    expect(shown(statusBodySchema, { ids: [], status: 'ACTIVE' }, 'zh')).toEqual([['ids', '请选择记录']]);
  });
  it('refuses unknown states and statuses', () => {
    expect(shown(deleteBodySchema, { ids: ['1'], deleted: 'GONE' }, 'en')).toEqual([
      ['deleted', 'Invalid choice; allowed: NONE, TRASH, BUFFER'],
    ]);
    expect(shown(statusBodySchema, { ids: ['1'] }, 'zh')).toEqual([['status', '此项为必填项']]);
  });
  it('quality status moves to READY_CHECKED or releases to UNCHECKED only', () => {
    expect(qualityStatusBodySchema.parse({ ids: ['s1'], status: 'UNCHECKED' }).status).toBe('UNCHECKED');
    expect(qualityStatusBodySchema.safeParse({ ids: ['s1'], status: 'CHECKED' }).success).toBe(false);
  });
});

describe('paging', () => {
  it('reads page and size from query strings with defaults', () => {
    expect(pageQuerySchema.parse({ page: '3', size: '50' })).toEqual({ page: 3, size: 50 });
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, size: 20 });
    expect(shown(pageQuerySchema, { size: '501' }, 'en')).toEqual([['size', 'Page size must be from 1 to 500']]);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('page answers are {records, total, page, size}', () => {
    const schema = pageAnswerSchema(z.object({ id: z.string() }));
    expect(schema.parse({ records: [{ id: '1' }], total: 1, page: 1, size: 10 }).records).toEqual([{ id: '1' }]);
    expect(schema.safeParse({ records: [], total: -1, page: 1, size: 10 }).success).toBe(false);
    const manual = manualResultPageSchema.parse({
      records: [],
      total: 0,
      page: 1,
      size: 10,
      allCheckedNum: 4,
      readyCheckedNum: 1,
      checkedNum: 2,
      rejectNum: 1,
    });
    expect(manual.readyCheckedNum).toBe(1);
    expect(manual.rejectNum).toBe(1);
  });
  it('saves create without id and change with it', () => {
    expect(saveAction({})).toBe('create');
    expect(saveAction({ id: '9' })).toBe('change');
  });
});

describe('scoreSorts', () => {
  it('accepts only ai_score and manual_score, asc or desc', () => {
    expect(scoreSortsSchema.parse(['ai_score asc', 'manual_score desc'])).toEqual([
      'ai_score asc',
      'manual_score desc',
    ]);
    expect(shown(scoreSortsSchema, ['create_time asc'], 'en')).toEqual([
      ['[0]', 'Invalid sort; allowed: ai_score asc, ai_score desc, manual_score asc, manual_score desc'],
    ]);
    expect(scoreSortsSchema.safeParse(['ai_score ASC']).success).toBe(false);
    expect(scoreSortsSchema.safeParse(['ai_score; drop table x']).success).toBe(false);
    expect(scoreSortsSchema.safeParse(['ai_score asc', 'ai_score desc']).success).toBe(false);
  });
  it('parses into key and direction', () => {
    expect(parseScoreSort('manual_score desc')).toEqual({ key: 'manual_score', direction: 'desc' });
  });
});

describe('list filters', () => {
  it('AI result list: spec filters, booleans from strings, blanks ignored, time basis createTime', () => {
    const f = aiResultFilterSchema.parse({
      aiStatus: 'CHECKED',
      isVeto: 'true',
      isReview: false,
      sessionId: '',
      scores: [1, 5],
      beginAiScore: 60,
      endAiScore: 90,
      scoreSorts: ['ai_score asc'],
      fields: ['id', 'aiScore'],
    });
    expect(f).toMatchObject({
      aiStatus: 'CHECKED',
      isVeto: true,
      isReview: false,
      timeby: 'createTime',
      deleted: 'NONE',
    });
    expect(f.sessionId).toBeUndefined();
    expect(shown(aiResultFilterSchema, { beginAiScore: 101, scores: [6] }, 'zh')).toEqual([
      ['scores[0]', '不能大于 5'],
      ['beginAiScore', '分数须在 0-100 之间'],
    ]);
  });
  it('refuses an end time before the start time', () => {
    expect(
      shown(aiResultFilterSchema, { timeFrom: '2024-03-10 00:00:00', timeTo: '2024-03-09 00:00:00' }, 'en'),
    ).toEqual([['timeTo', 'The end time must not be before the start time']]);
  });
  it('manual result list: status radio values and pass from "true"/"false"', () => {
    expect(manualResultFilterSchema.parse({ manualStatus: 'ALL', pass: 'false' })).toMatchObject({
      manualStatus: 'ALL',
      pass: false,
    });
    expect(manualResultFilterSchema.safeParse({ manualStatus: 'DONE' }).success).toBe(false);
  });
  it('complaint list and scheme list', () => {
    expect(complaintFilterSchema.parse({ status: 'PENDING', type: 'MANUAL' }).status).toBe('PENDING');
    expect(schemeFilterSchema.parse({})).toMatchObject({ targetType: 'AI', deleted: 'NONE' });
    expect(
      schemeFilterSchema.parse({
        targetType: 'PERSON',
        deleted: 'TRASH',
        keyword: '服务',
        type: 'TEXT',
        status: 'ACTIVE',
      }),
    ).toMatchObject({
      targetType: 'PERSON',
      deleted: 'TRASH',
      keyword: '服务',
    });
  });
  it('the sensitive-word log needs a service line first', () => {
    expect(shown(censorLogFilterSchema, {}, 'zh')).toEqual([['lineId', '请选择客服号后查询']]);
    expect(shown(censorLogFilterSchema, { lineId: '' }, 'zh')).toEqual([['lineId', '请选择客服号后查询']]);
    expect(censorLogFilterSchema.parse({ lineId: 'L1' }).lineId).toBe('L1');
  });
});
