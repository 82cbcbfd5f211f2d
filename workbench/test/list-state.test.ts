import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLEARED,
  changedList,
  decodeList,
  decodePaging,
  encodeList,
  encodePaging,
  type ListField,
  type ListValues,
} from '../src/router/list-state';
import { formatHash, markListPaths, pageKey, parseHash } from '../src/router/location';
import { forgetPlaces, lastPlaceOf, navigate } from '../src/router/router-store';

const FIELDS: ListField[] = [
  { key: 'keyword' },
  { key: 'agentId' },
  { key: 'aiStatus', defaultValue: 'CHECKED' },
  { key: 'quickDate', defaultValue: 'YESTERDAY' },
  { key: 'scores', many: true },
  { key: 'sort', many: true },
];

/** A query as the address bar carries it: written into a hash and read back. */
const throughHash = (query: Record<string, string | undefined>) => {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) kept[key] = value;
  return parseHash(formatHash({ path: '/qc/ai-result/list', query: kept })).query;
};

describe('a list place in the hash query', () => {
  it('leaves defaults out and reads them back; a status cleared on purpose stays cleared', () => {
    const values: ListValues = { keyword: '退款 投诉', aiStatus: '', quickDate: 'YESTERDAY', scores: ['1', '5'] };
    const query = throughHash(encodeList(values, FIELDS));
    expect(query).toEqual({ keyword: '退款 投诉', aiStatus: CLEARED, scores: '1,5' });
    expect(decodeList(query, FIELDS)).toEqual({
      keyword: '退款 投诉',
      agentId: '',
      aiStatus: '',
      quickDate: 'YESTERDAY',
      scores: ['1', '5'],
      sort: [],
    });
    expect(decodeList({}, FIELDS)).toMatchObject({ aiStatus: 'CHECKED', quickDate: 'YESTERDAY', scores: [] });
  });

  it('round-trips any values through the address bar, commas and percent signs included', () => {
    const text = fc.string({ maxLength: 12 });
    const item = fc.string({ minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(
        fc.record({
          keyword: text,
          agentId: text,
          aiStatus: text,
          quickDate: text,
          scores: fc.array(item, { maxLength: 4 }),
          sort: fc.array(item, { maxLength: 3 }),
        }),
        (values) => {
          // a one-line text box never holds the marker of a cleared value alone
          fc.pre(values.aiStatus !== CLEARED && values.quickDate !== CLEARED);
          const back = decodeList(throughHash(encodeList(values, FIELDS)), FIELDS);
          expect(back).toEqual(values);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps page and size only when they differ from the first page and the default size', () => {
    expect(encodePaging(1, 20, 20)).toEqual({ page: undefined, size: undefined });
    expect(throughHash(encodePaging(3, 50, 20))).toEqual({ page: '3', size: '50' });
    expect(decodePaging({ page: '3', size: '50' }, 20, [10, 20, 50])).toEqual({ page: 3, size: 50 });
    // a size the list does not offer, or a page that is no page, falls back
    expect(decodePaging({ page: '-2', size: '33' }, 20, [10, 20, 50])).toEqual({ page: 1, size: 20 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(10, 20, 30, 50, 100), (page, size) => {
        expect(decodePaging(throughHash(encodePaging(page, size, 20)), 20, [10, 20, 30, 50, 100])).toEqual({
          page,
          size,
        });
      }),
    );
  });

  it('a change of filters goes back to page 1 and drops _reload; a change of page keeps the filters', () => {
    const list = { path: '/qc/ai-result/list', query: { agentId: '1003', page: '4', size: '50', _reload: 'list' } };
    expect(changedList(list, { isVeto: 'true' })).toEqual({
      agentId: '1003',
      size: '50',
      page: undefined,
      _reload: undefined,
      isVeto: 'true',
    });
    expect(changedList(list, { page: '5' })).toMatchObject({ agentId: '1003', page: '5', size: '50' });
  });
});

describe('the side menu brings a list back as it was left', () => {
  it('remembers each list path by path, not a page beneath a modal, and forgets on sign-out', () => {
    markListPaths(['/qc/ai-result/list']);
    forgetPlaces();
    expect(lastPlaceOf({ path: '/qc/ai-result/list', query: {} })).toEqual({ path: '/qc/ai-result/list', query: {} });
    navigate('/qc/ai-result/list', { agentId: '1003', page: 2, _reload: 'list' });
    navigate('/qc/ai-result/detail', { id: 's-1', _modal: 'large' });
    navigate('/qc/scheme/list');
    expect(lastPlaceOf({ path: '/qc/ai-result/list', query: {} })).toEqual({
      path: '/qc/ai-result/list',
      query: { agentId: '1003', page: '2' },
    });
    // a list stays mounted while its place changes: its key is its path
    expect(pageKey({ path: '/qc/ai-result/list', query: { page: '2' } })).toBe('#/qc/ai-result/list');
    forgetPlaces();
    expect(lastPlaceOf({ path: '/qc/ai-result/list', query: {} }).query).toEqual({});
  });
});
