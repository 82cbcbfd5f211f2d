import { describe, expect, it } from 'vitest';
import {
  AbuseModelLabel,
  CensorOperation,
  ComplaintStatus,
  CustomerCheckLabel,
  Deleted,
  DICTIONARIES,
  formatSatisfaction,
  LANGS,
  MODEL_FORCED_ROLE,
  MODEL_LABELS,
  OperatorType,
  QcResultStatus,
  QcTaskType,
  QuickDate,
  RuleScoreType,
  SenderRole,
  TargetType,
} from '../src/index.js';

describe('dictionaries', () => {
  it('hold exactly the spec values', () => {
    expect(QcResultStatus.code).toBe('dict-qc-result-status');
    expect(QcResultStatus.values).toEqual(['UNCHECKED', 'READY_CHECKED', 'CHECKED']);
    expect(ComplaintStatus.values).toEqual(['PENDING', 'ACTIVE', 'INACTIVE']);
    expect(Deleted.values).toEqual(['NONE', 'TRASH', 'BUFFER']);
    expect(TargetType.values).toEqual(['AI', 'PERSON']);
    expect(QuickDate.values).toEqual(['YESTERDAY', 'TODAY', 'DAY7', 'DAY30', 'ALL']);
    expect(RuleScoreType.values).toEqual(['SUB', 'ADD', 'ONCE']);
    expect(SenderRole.values).toEqual(['CUSTOMER', 'AGENT']);
    expect(CensorOperation.values).toEqual(['REPORT', 'ABORT', 'FUZZY']);
    expect(QcTaskType.values).toEqual(['OFFLINE_TEXT', 'REAL_TIME_TEXT', 'OFFLINE_VOICE', 'REAL_TIME_VOICE']);
    expect(OperatorType.values).toEqual([
      'HIT_ANY_KEYWORDS',
      'INCLUDE_KEYWORDS',
      'NCLUDE_KEYWORDS',
      'EXCLUDE_KEYWORDS',
      'SIMILAR_MATCH',
      'REGULAR_EXPRESSION',
      'ADVANCED_REPEAT_DETECT',
      'CUSTOMER_CHECK_MODEL',
      'ABUSE_MODEL',
    ]);
  });

  it('model labels and forced roles follow the spec', () => {
    expect(CustomerCheckLabel.values).toEqual([
      'COMPLAINT',
      'ESCALATION',
      'QUESTIONING_SERVICE',
      'PUBLIC_OPINION',
      'PRAISE',
      'ABUSE',
      'ANGER',
    ]);
    expect(AbuseModelLabel.values).toEqual(['SARCASM', 'GUIDING_COMPLAINT', 'PASSING_THE_BUCK', 'ABUSE']);
    expect(MODEL_LABELS.ABUSE_MODEL).toBe(AbuseModelLabel);
    expect(MODEL_FORCED_ROLE).toEqual({ CUSTOMER_CHECK_MODEL: 'CUSTOMER', ABUSE_MODEL: 'AGENT' });
  });

  it('labels in Chinese and English, unknown values shown as they are', () => {
    expect(TargetType.label('AI', 'en')).toBe('Intelligent');
    expect(TargetType.label('PERSON', 'en')).toBe('Manual');
    expect(CensorOperation.label('REPORT', 'en')).toBe('Retained');
    expect(CensorOperation.label('ABORT', 'en')).toBe('Blocked');
    expect(ComplaintStatus.label('PENDING', 'zh')).toBe('待审核');
    expect(QcResultStatus.label('SOMETHING_ELSE', 'zh')).toBe('SOMETHING_ELSE');
    expect(QuickDate.options('en').map((o) => o.label)).toEqual([
      'Yesterday',
      'Today',
      'Last week',
      'Last 30 days',
      'All',
    ]);
  });

  it('every dictionary is registered by code with a label in every language', () => {
    for (const [code, dict] of Object.entries(DICTIONARIES)) {
      expect(dict.code).toBe(code);
      for (const v of dict.values)
        for (const lang of LANGS) expect(dict.labels[v]?.[lang], `${code}.${v}.${lang}`).toMatch(/\S/);
    }
    expect(DICTIONARIES['dict-qc-result-status']).toBe(QcResultStatus);
  });

  it('schemas accept the values and refuse others with a code', () => {
    expect(QcResultStatus.schema.parse('CHECKED')).toBe('CHECKED');
    const bad = QcResultStatus.schema.safeParse('DONE');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('common.invalidOption');
    expect(QcResultStatus.has('READY_CHECKED')).toBe(true);
    expect(QcResultStatus.has('ALL')).toBe(false);
  });

  it('satisfaction is shown only from 1 to 5', () => {
    expect([1, 5, 0, 6, 3.5, null, undefined].map(formatSatisfaction)).toEqual([
      '1',
      '5',
      '--',
      '--',
      '--',
      '--',
      '--',
    ]);
  });
});
