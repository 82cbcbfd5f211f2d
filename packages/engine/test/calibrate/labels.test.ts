import { describe, expect, it } from 'vitest';
import { LabelInputError, labelOfRecord, parseLabelFile } from '../../src/calibrate/index.js';

describe('labels', () => {
  const record = { sessionId: 's1', humanQuality: { A: 0.5, S: -1.25 }, scores: [{ v: '2' }] };

  it('reads a field path of a session record', () => {
    expect(labelOfRecord(record, 'humanQuality.S')).toBe(-1.25);
    expect(labelOfRecord(record, 'scores[0].v')).toBe(2);
    expect(labelOfRecord(record, 'humanQuality.E')).toBeNull();
    expect(labelOfRecord({ sessionId: 's2' }, 'humanQuality.S')).toBeNull();
  });

  it('names the JSON path of a label that is not a number', () => {
    expect(() => labelOfRecord({ humanQuality: { S: 'good' } }, 'humanQuality.S', 'train.jsonl:7')).toThrow(
      'train.jsonl:7 $.humanQuality.S: the label must be a number, not "good" / 标注分数必须是数字，而不是 "good"',
    );
  });

  it('reads CSV with or without a header, quoted fields, and JSON Lines', () => {
    const csv = parseLabelFile('sessionId,score\n"s,1",4\ns2, -1.5\n\n', 'labels.csv');
    expect([...csv]).toEqual([
      ['s,1', 4],
      ['s2', -1.5],
    ]);
    expect([...parseLabelFile('s1\t3\n', 'l.tsv')]).toEqual([['s1', 3]]);
    const jsonl = parseLabelFile('{"sessionId":"a","score":1}\n{"sessionId":7,"label":"0.5"}\n', 'labels.jsonl');
    expect([...jsonl]).toEqual([
      ['a', 1],
      ['7', 0.5],
    ]);
  });

  it('reports bad label lines with their line number, in English and Chinese', () => {
    const bad = (text: string, name: string) => {
      try {
        parseLabelFile(text, name);
      } catch (error) {
        expect(error).toBeInstanceOf(LabelInputError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(bad('s1,1\ns2,high\n', 'labels.csv')).toBe(
      'labels.csv:2: column 2, the score, must be a number, not "high" / 第 2 列标注分数必须是数字，而不是 "high"',
    );
    expect(bad('s1,1\ns1,2\n', 'labels.csv')).toBe('labels.csv:2: session s1 is labelled twice / 会话 s1 的标注重复');
    expect(bad('s1\n', 'labels.csv')).toContain('labels.csv:1: each line must have two columns');
    expect(bad('{"sessionId":"a","score":1}\n{"score":2}\n', 'l.jsonl')).toBe(
      'l.jsonl:2 $.sessionId: sessionId is missing / 缺少会话编号 sessionId',
    );
    expect(bad('{"sessionId":"a","score":null}\n', 'l.jsonl')).toContain(
      'l.jsonl:1 $.score: the score must be a number',
    );
    expect(bad('{"sessionId":\n', 'l.jsonl')).toContain('l.jsonl:1: invalid JSON');
  });
});
