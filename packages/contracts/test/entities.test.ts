import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  aiComplaintReviewSchema,
  aiResultReviewSchema,
  aiResultSchema,
  angleRuleCreateSchema,
  angleSaveSchema,
  assessmentSchemaFor,
  canAddAngle,
  canReviewComplaint,
  censorBanSaveSchema,
  chatMessageSchema,
  checkSchemeActivation,
  checkVetoRules,
  cidAt,
  complaintApproveAiSchema,
  complaintApproveManualSchemaFor,
  complaintChangeSchema,
  complaintChangeSchemaFor,
  complaintCreateSchema,
  complaintTypeOfChange,
  conditionConfigSchema,
  foldManualRules,
  lambdaTypeOf,
  loginBodySchema,
  manualAssessmentSchema,
  manualComplaintReviewSchema,
  meAnswerSchema,
  messageKindOf,
  qcSchemeSchema,
  qcTaskSaveSchema,
  ruleSaveSchema,
  schemeSaveSchema,
  splitKeywords,
} from '../src/index.js';
import { errorsOf, shown } from './helpers.js';

const fixtures = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

describe('QC scheme save', () => {
  const ai = { name: '电信客服方案', type: 'TEXT', targetType: 'AI', schemeConfig: { veto: ['r1'] } };
  it('accepts an AI scheme and a PERSON SCORE scheme', () => {
    expect(schemeSaveSchema.parse(ai).schemeConfig?.veto).toEqual(['r1']);
    const person = schemeSaveSchema.parse({
      name: '人工方案',
      type: 'TEXT',
      targetType: 'PERSON',
      style: 'SCORE',
      schemeConfig: { appraises: [{ appraise: '服务评价', required: true }], veto: ['辱骂客户'] },
    });
    expect(person.schemeConfig?.appraises).toEqual([{ appraise: '服务评价', required: true }]);
  });
  it('name, type and targetType are required', () => {
    expect(shown(schemeSaveSchema, { name: '  ' }, 'en')).toEqual([
      ['name', 'This field is required'],
      ['type', 'This field is required'],
      ['targetType', 'This field is required'],
    ]);
  });
  it('PERSON needs a style; PASS needs an operator and a vote count ≥ 0', () => {
    expect(shown(schemeSaveSchema, { name: 'p', type: 'TEXT', targetType: 'PERSON' })).toEqual([
      ['style', '请选择评分方式'],
    ]);
    expect(
      shown(schemeSaveSchema, { name: 'p', type: 'TEXT', targetType: 'PERSON', style: 'PASS', schemeConfig: {} }),
    ).toEqual([
      ['schemeConfig.compareOperator', '请选择比较运算符'],
      ['schemeConfig.num', '请填写投票数'],
    ]);
    expect(
      shown(schemeSaveSchema, {
        name: 'p',
        type: 'TEXT',
        targetType: 'PERSON',
        style: 'PASS',
        schemeConfig: { compareOperator: '>=', num: -1 },
      }),
    ).toEqual([['schemeConfig.num', '请填写投票数']]);
    expect(
      schemeSaveSchema.safeParse({
        name: 'p',
        type: 'TEXT',
        targetType: 'PERSON',
        style: 'PASS',
        schemeConfig: { compareOperator: '>=', num: 0 },
      }).success,
    ).toBe(true);
  });
  it('a change carries the version it read; name ≤ 100, comments ≤ 200', () => {
    expect(shown(schemeSaveSchema, { ...ai, id: '5' }, 'en')).toEqual([
      ['version', 'version is required when changing a record'],
    ]);
    expect(shown(schemeSaveSchema, { ...ai, name: 'x'.repeat(101), comments: 'y'.repeat(201) }, 'zh')).toEqual([
      ['name', '不能超过 100 个字符'],
      ['comments', '不能超过 200 个字符'],
    ]);
    expect(schemeSaveSchema.safeParse({ ...ai, name: 'x'.repeat(100), comments: 'y'.repeat(200) }).success).toBe(true);
  });
  it('endTime may not precede startTime', () => {
    expect(shown(schemeSaveSchema, { ...ai, startTime: '2024-05-02 00:00:00', endTime: '2024-05-01' }, 'en')).toEqual([
      ['endTime', 'The end time must not be before the start time'],
    ]);
  });
});

describe('QC scheme entity and activation', () => {
  const demo = JSON.parse(readFileSync(`${fixtures}schemes/demo-scheme.json`, 'utf8'));
  it('reads the demo scheme fixture', () => {
    const s = qcSchemeSchema.parse(demo);
    expect(s.schemeAngles.length).toBeGreaterThan(0);
    expect(checkSchemeActivation(s)).toEqual({ ok: true });
    expect(checkVetoRules(s)).toEqual({ ok: true });
  });
  it('an AI scheme activates only when its angle scores total 100', () => {
    const angles = [
      { angleId: 'a', angleName: 'A', score: 60, angleRules: [{ ruleId: 'r1' }] },
      { angleId: 'b', angleName: 'B', score: 30, angleRules: [] },
    ];
    expect(checkSchemeActivation({ targetType: 'AI', schemeAngles: angles })).toEqual({
      ok: false,
      code: 'qc.scheme.activateTotal',
      params: { total: 90 },
    });
    expect(checkSchemeActivation({ targetType: 'PERSON', schemeAngles: angles })).toEqual({ ok: true });
    expect(checkVetoRules({ schemeConfig: { veto: ['r2'] }, schemeAngles: angles })).toEqual({
      ok: false,
      code: 'qc.scheme.vetoRuleNotLinked',
      params: { ruleId: 'r2' },
    });
  });
  it('a scheme has at most 10 angles', () => {
    const angle = (i: number) => ({ angleId: `a${i}`, angleName: `A${i}`, score: 10, angleRules: [] });
    const base = { id: '1', name: 's', status: 'ACTIVE', type: 'TEXT', targetType: 'AI' };
    expect(qcSchemeSchema.safeParse({ ...base, schemeAngles: [...Array(10).keys()].map(angle) }).success).toBe(true);
    expect(shown(qcSchemeSchema, { ...base, schemeAngles: [...Array(11).keys()].map(angle) })).toEqual([
      ['schemeAngles', '每个质检方案最多 10 个质检维度'],
    ]);
    expect(canAddAngle(9)).toBe(true);
    expect(canAddAngle(10)).toBe(false);
  });
  it('angle scores in a scheme are integers 0-100, with their path', () => {
    const base = { id: '1', name: 's', status: 'ACTIVE', type: 'TEXT', targetType: 'AI' };
    const schemeAngles = [
      { angleId: 'a', angleName: 'A', score: 50 },
      { angleId: 'b', angleName: 'B', score: 50 },
      { angleId: 'c', angleName: 'C', score: 101 },
    ];
    expect(errorsOf(qcSchemeSchema, { ...base, schemeAngles }, 'en')).toEqual([
      {
        code: 'qc.angle.score',
        message: 'The score must be a whole number from 0 to 100',
        field: 'schemeAngles[2].score',
      },
    ]);
  });
});

describe('angles and angle rules', () => {
  it('angle: name ≤ 100 required, score integer 0-100, scheme id', () => {
    expect(angleSaveSchema.parse({ name: '服务态度', score: 20, schemeId: '3' })).toEqual({
      name: '服务态度',
      score: 20,
      schemeId: '3',
    });
    expect(shown(angleSaveSchema, { name: '', score: 12.5, schemeId: '3' })).toEqual([
      ['name', '此项为必填项'],
      ['score', '分值须为 0-100 的整数'],
    ]);
    expect(shown(angleSaveSchema, { name: 'x'.repeat(101), score: -1 })).toEqual([
      ['name', '不能超过 100 个字符'],
      ['score', '分值须为 0-100 的整数'],
      ['schemeId', '此项为必填项'],
    ]);
    expect(shown(angleSaveSchema, { name: 'n', schemeId: '3' })).toEqual([['score', '此项为必填项']]);
  });
  it('linking needs at least one rule: 请选择检测规则', () => {
    expect(shown(angleRuleCreateSchema, { angleId: '1', schemeId: '2', ruleIds: [] })).toEqual([
      ['ruleIds', '请选择检测规则'],
    ]);
    expect(shown(angleRuleCreateSchema, { angleId: '1', schemeId: '2' })).toEqual([['ruleIds', '请选择检测规则']]);
    expect(angleRuleCreateSchema.parse({ angleId: '1', schemeId: '2', ruleIds: ['9'] }).ruleIds).toEqual(['9']);
  });
});

describe('conditionConfig', () => {
  const semanticsExample = {
    conditions: [
      { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['投诉'] } }] },
      {
        cid: 'b',
        operators: [{ type: 'HIT_ANY_KEYWORDS', name: '安抚', param: { keywords: ['抱歉', '理解您'] } }],
        checkRange: {
          role: 'AGENT',
          range: { from: 1, to: 3 },
          rangeSelect: 'RANGE',
          anchor: { cid: 'a', location: 'AFTER', hitTime: -1, inputHitTime: null },
        },
      },
    ],
    lambda: 'a && b',
    ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
  };

  it('accepts the ENGINE-SEMANTICS example', () => {
    expect(conditionConfigSchema.parse(semanticsExample)).toMatchObject(semanticsExample);
  });

  it('accepts every rule in the engine fixtures (the shapes the engine compiles)', () => {
    let count = 0;
    for (const file of readdirSync(`${fixtures}rules`)) {
      const data = JSON.parse(readFileSync(`${fixtures}rules/${file}`, 'utf8'));
      for (const rule of Array.isArray(data) ? data : data.records) {
        count++;
        expect(errorsOf(conditionConfigSchema, rule.conditionConfig, 'en'), `${file} ${rule.id}`).toEqual([]);
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('a condition without a type is "Please select a condition type" at its path', () => {
    const config = { conditions: [{ cid: 'a', operators: [{ param: { keywords: ['x'] } }] }] };
    expect(shown(conditionConfigSchema, config, 'en')).toEqual([
      ['conditions[0].operators[0].type', 'Please select a condition type'],
    ]);
    expect(shown(conditionConfigSchema, { conditions: [{ cid: 'a', operators: [] }] }, 'zh')).toEqual([
      ['conditions[0].operators', '请选择条件类型'],
    ]);
    expect(
      errorsOf(conditionConfigSchema, { conditions: [{ cid: 'a', operators: [{ type: 'NOPE', param: {} }] }] })[0]
        ?.code,
    ).toBe('common.invalidOption');
  });

  it('refuses out-of-range similarity, repeat steps, counters, positions and anchors', () => {
    const op = (type: string, param: object) => ({ conditions: [{ cid: 'a', operators: [{ type, param }] }] });
    const path = 'conditions[0].operators[0].param';
    expect(shown(conditionConfigSchema, op('SIMILAR_MATCH', { phrases: ['您好'], similarity: 101 }), 'en')).toEqual([
      [`${path}.similarity`, 'Must be at most 100'],
    ]);
    expect(conditionConfigSchema.safeParse(op('SIMILAR_MATCH', { phrases: ['您好'], similarity: 80 })).success).toBe(
      true,
    );
    expect(conditionConfigSchema.safeParse(op('ADVANCED_REPEAT_DETECT', { similarity: 0.8, hitTime: 1 })).success).toBe(
      true,
    );
    expect(conditionConfigSchema.safeParse(op('ADVANCED_REPEAT_DETECT', { similarity: 0.85 })).success).toBe(false);
    expect(shown(conditionConfigSchema, op('ADVANCED_REPEAT_DETECT', { hitTime: 0, window: -1 }), 'en')).toEqual([
      [`${path}.window`, 'Must be at least 0'],
      [`${path}.hitTime`, 'Must be at least 1'],
    ]);
    expect(shown(conditionConfigSchema, op('ABUSE_MODEL', { types: ['PRAISE'] }), 'en')).toEqual([
      [`${path}.types[0]`, 'Invalid choice; allowed: SARCASM, GUIDING_COMPLAINT, PASSING_THE_BUCK, ABUSE'],
    ]);
    const ranged = {
      conditions: [
        { cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['x'] } }] },
        {
          cid: 'b',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['y'] } }],
          checkRange: { range: { from: 0, to: null }, anchor: { cid: 'a', location: 'AFTER', hitTime: 1 } },
        },
      ],
    };
    expect(shown(conditionConfigSchema, ranged, 'en')).toEqual([
      ['conditions[1].checkRange.range.from', 'A range position cannot be 0'],
      ['conditions[1].checkRange.anchor.inputHitTime', 'Enter which hit counts (at least 1)'],
    ]);
  });

  it('refuses duplicate cids and a blank lambda; leaves meaning to the engine', () => {
    const dup = {
      conditions: [
        { cid: 'a', operators: [{ type: 'EXCLUDE_KEYWORDS', param: { keywords: ['x'] } }] },
        { cid: 'a', operators: [{ type: 'EXCLUDE_KEYWORDS', param: { keywords: ['y'] } }] },
      ],
      lambda: '  ',
    };
    expect(errorsOf(conditionConfigSchema, dup).map((e) => [e.code, e.field])).toEqual([
      ['qc.rule.cid', 'conditions[1].cid'],
      ['qc.rule.lambdaRequired', 'lambda'],
    ]);
    // a lambda naming an unknown cid is the engine's call, not a shape problem
    expect(conditionConfigSchema.safeParse({ ...semanticsExample, lambda: 'a && z' }).success).toBe(true);
  });

  it('helpers: cid names, lambda type, keyword splitting', () => {
    expect([0, 1, 25, 26, 27].map(cidAt)).toEqual(['a', 'b', 'z', 'aa', 'ab']);
    expect([undefined, 'ALL', 'ANY_ONE_NOT_MET', 'a || b'].map(lambdaTypeOf)).toEqual([
      'ALL',
      'ALL',
      'ANY_ONE_NOT_MET',
      'CUSTOM',
    ]);
    expect(splitKeywords(' 抱歉, 对不起，, 理解您 ')).toEqual(['抱歉', '对不起', '理解您']);
  });
});

describe('QC rule save', () => {
  it('create sends name and comments; type defaults to AI', () => {
    expect(ruleSaveSchema.parse({ name: '开场未问候', comments: '坐席首句' })).toEqual({
      name: '开场未问候',
      comments: '坐席首句',
      type: 'AI',
    });
  });
  it('name required ≤ 100, comments ≤ 200, conditionConfig errors at their path', () => {
    expect(
      shown(ruleSaveSchema, {
        name: 'n'.repeat(101),
        comments: 'c'.repeat(201),
        conditionConfig: { conditions: [{ cid: 'a', operators: [{ type: 'HIT_ANY_KEYWORDS', param: {} }] }] },
      }),
    ).toEqual([
      ['name', '不能超过 100 个字符'],
      ['comments', '不能超过 200 个字符'],
      ['conditionConfig.conditions[0].operators[0].param.keywords', '此项为必填项'],
    ]);
    expect(
      shown(ruleSaveSchema, {
        name: 'r',
        conditionConfig: { conditions: [], ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: -1 } },
      }),
    ).toEqual([['conditionConfig.ruleScore.scoreNum', '规则分值须为 0-100 的整数']]);
    expect(
      shown(ruleSaveSchema, {
        name: 'r',
        conditionConfig: { conditions: [], ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 2.5 } },
      }),
    ).toEqual([['conditionConfig.ruleScore.scoreNum', '规则分值须为 0-100 的整数']]);
  });
});

describe('AI results and re-inspection', () => {
  it('reads a result with hit detail', () => {
    const r = aiResultSchema.parse({
      id: '1',
      sessionId: 's1',
      schemeId: 'sc',
      aiStatus: 'CHECKED',
      aiScore: 95,
      resultRules: [
        {
          ruleId: 'r1',
          ruleName: '开场未问候',
          scoreNum: 5,
          conditions: {
            conditionHitInfo: [
              {
                cid: 'a',
                phrase: { pid: 'm1', index: 0, words: '我要投诉' },
                keyWords: { keyWord: [{ val: '投诉', from: 2, to: 4 }] },
              },
              { phrase: { pid: 'm2', words: '差评' }, keyWords: { keyWord: { from: 0, to: 2 } } },
            ],
          },
        },
      ],
      groups: [{ groupId: 'g1', groupName: '售后' }],
    });
    expect(r.isVeto).toBe(false);
    expect(r.resultRules[0]?.conditions?.conditionHitInfo).toHaveLength(2);
  });
  it('review score 0-100 per rule; a veto forces it to 0', () => {
    const body = aiResultReviewSchema.parse({
      id: '1',
      version: 2,
      comments: '复检',
      rules: [
        { ruleId: 'r1', reviewScore: 3, isVeto: true },
        { ruleId: 'r2', reviewScore: 4 },
      ],
    });
    expect(body.rules).toEqual([
      { ruleId: 'r1', reviewScore: 0, isVeto: true },
      { ruleId: 'r2', reviewScore: 4, isVeto: false },
    ]);
    expect(
      shown(aiResultReviewSchema, { id: '1', version: 2, rules: [{ ruleId: 'r1', reviewScore: 101 }] }, 'en'),
    ).toEqual([['rules[0].reviewScore', 'The score must be from 0 to 100']]);
  });
});

describe('manual assessment', () => {
  const scheme = {
    style: 'SCORE' as const,
    schemeConfig: {
      appraises: [
        { appraise: '服务评价', required: true },
        { appraise: '改进建议', required: false },
      ],
    },
  };
  const body = {
    schemeId: 'sc',
    sessionId: 's1',
    manualAngles: [{ angleId: 'a1', manualRules: [{ angleId: 'a1', ruleId: 'r1', scoreNum: 10, reason: '未致歉' }] }],
    vetoList: [],
    appraises: [{ title: '服务评价', appraise: '态度良好' }],
  };
  it('accepts a complete assessment; scoreNum defaults to 0, fatalError to false', () => {
    const parsed = assessmentSchemaFor(scheme).parse({
      ...body,
      manualAngles: [{ angleId: 'a1', manualRules: [{ angleId: 'a1', ruleId: 'r2' }] }],
    });
    expect(parsed.manualAngles[0]?.manualRules[0]).toMatchObject({ scoreNum: 0, fatalError: false });
  });
  it('a required appraisal left blank is "{appraisal name} 不能为空"', () => {
    expect(
      shown(assessmentSchemaFor(scheme), { ...body, appraises: [{ title: '服务评价', appraise: '   ' }] }),
    ).toEqual([['appraises[0].appraise', '服务评价 不能为空']]);
    expect(shown(assessmentSchemaFor(scheme), { ...body, appraises: [] }, 'en')).toEqual([
      ['appraises[0]', '服务评价 cannot be empty'],
    ]);
  });
  it('score 0-100, reason ≤ 100', () => {
    const bad = {
      ...body,
      manualAngles: [
        { angleId: 'a1', manualRules: [{ angleId: 'a1', ruleId: 'r1', scoreNum: 120, reason: 'r'.repeat(101) }] },
      ],
    };
    expect(shown(manualAssessmentSchema, bad)).toEqual([
      ['manualAngles[0].manualRules[0].reason', '不能超过 100 个字符'],
      ['manualAngles[0].manualRules[0].scoreNum', '分数须在 0-100 之间'],
    ]);
  });
  it('PASS style needs pass or fail on every rule', () => {
    expect(shown(assessmentSchemaFor({ style: 'PASS' }), { ...body, appraises: [] }, 'en')).toEqual([
      ['manualAngles[0].manualRules[0].pass', 'Choose pass or fail'],
    ]);
  });
  it('folds manual rules to the first 5, de-duplicated by rule id', () => {
    const rules = ['a', 'a', 'b', 'c', 'b', 'd', 'e', 'f'].map((ruleId) => ({ ruleId }));
    expect(foldManualRules(rules).map((r) => r.ruleId)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('complaints', () => {
  const review = { id: 'c1', status: 'ACTIVE', commonReason: '复核无误', commonAttachment: 'qc/complaint/a.png' };
  it('files a complaint with at most one file', () => {
    expect(
      complaintCreateSchema.parse({ type: 'AI', sessionId: 's1', resultId: 'r1', reason: '误判' }).complaintFiles,
    ).toEqual([]);
    expect(
      shown(
        complaintCreateSchema,
        {
          type: 'AI',
          sessionId: 's1',
          resultId: 'r1',
          reason: ' ',
          complaintFiles: [
            { name: 'a.png', path: 'qc/complaint/a.png' },
            { name: 'b.png', path: 'qc/complaint/b.png' },
          ],
        },
        'en',
      ),
    ).toEqual([
      ['reason', 'complaint reason cannot be empty'],
      ['complaintFiles', 'The limit is 1 file'],
    ]);
  });
  it('review: status must be chosen and not PENDING, in the words of each review', () => {
    expect(manualComplaintReviewSchema.parse(review)).toEqual(review);
    expect(shown(manualComplaintReviewSchema, { ...review, status: 'PENDING' })).toEqual([
      ['status', '审核状态不能为空'],
    ]);
    expect(shown(manualComplaintReviewSchema, { ...review, status: undefined }, 'en')).toEqual([
      ['status', 'review status cannot be empty'],
    ]);
    // the AI review in Chinese too (issue 15, defect 9: no English in the Chinese console)
    expect(shown(aiComplaintReviewSchema, { ...review, status: 'PENDING' })).toEqual([['status', '审核状态不能为空']]);
    expect(shown(complaintChangeSchemaFor('AI'), { complaint: { ...review, status: undefined }, version: 1 })).toEqual([
      ['complaint.status', '审核状态不能为空'],
    ]);
    expect(complaintTypeOfChange({ rules: [] })).toBe('AI');
    expect(complaintTypeOfChange({ manualAngles: [] })).toBe('MANUAL');
  });
  it('review: reason required, ≤ 100; attachment under qc/complaint/', () => {
    expect(shown(manualComplaintReviewSchema, { ...review, commonReason: '' }, 'en')).toEqual([
      ['commonReason', 'review reason cannot be empty'],
    ]);
    expect(shown(manualComplaintReviewSchema, { ...review, commonReason: undefined }, 'en')).toEqual([
      ['commonReason', 'review reason cannot be empty'],
    ]);
    expect(shown(manualComplaintReviewSchema, { ...review, commonReason: '理'.repeat(101) })).toEqual([
      ['commonReason', '不能超过 100 个字符'],
    ]);
    expect(shown(manualComplaintReviewSchema, { ...review, commonAttachment: '../etc/passwd' }, 'en')).toEqual([
      ['commonAttachment', 'Wrong format'],
    ]);
    expect(shown(manualComplaintReviewSchema, { ...review, commonAttachment: 'qc/complaint/../../x' }, 'en')).toEqual([
      ['commonAttachment', 'Wrong format'],
    ]);
  });
  it('approve-ai and approve-manual nest the review under complaint', () => {
    expect(
      shown(
        complaintApproveAiSchema,
        { sessionId: 's1', rules: [{ ruleId: 'r1', reviewScore: 101 }], complaint: { ...review, status: 'PENDING' } },
        'en',
      ),
    ).toEqual([
      ['rules[0].reviewScore', 'The score must be from 0 to 100'],
      ['complaint.status', 'review status cannot be empty'],
    ]);
    const manual = complaintApproveManualSchemaFor({ style: 'PASS' });
    expect(
      shown(
        manual,
        {
          schemeId: 'sc',
          sessionId: 's1',
          manualAngles: [{ angleId: 'a', manualRules: [{ angleId: 'a', ruleId: 'r', pass: true }] }],
          complaint: review,
        },
        'en',
      ),
    ).toEqual([]);
  });
  it('complaint/change carries the review block, the related ids and the re-scoring of either kind', () => {
    const body = {
      complaint: review,
      version: 1,
      sessionId: 's1',
      resultId: '9',
      rules: [{ ruleId: 'r1', reviewScore: 30, isVeto: true }],
    };
    expect(complaintChangeSchema.parse(body).rules).toEqual([{ ruleId: 'r1', reviewScore: 0, isVeto: true }]);
    expect(shown(complaintChangeSchema, { ...body, complaint: { ...review, status: 'PENDING' } })).toEqual([
      ['complaint.status', '审核状态不能为空'],
    ]);
    expect(
      shown(
        complaintChangeSchema,
        {
          complaint: review,
          version: 1,
          manualAngles: [{ angleId: 'a', manualRules: [{ angleId: 'a', ruleId: 'r', scoreNum: 101 }] }],
        },
        'en',
      ),
    ).toEqual([['manualAngles[0].manualRules[0].scoreNum', 'The score must be from 0 to 100']]);
    const { version: _read, ...blind } = body;
    expect(shown(complaintChangeSchema, blind)).toEqual([['version', '修改时须提供版本号']]);
  });
  it('review is offered only while neither ACTIVE nor INACTIVE', () => {
    expect(['PENDING', 'ACTIVE', 'INACTIVE'].map((s) => canReviewComplaint(s as 'PENDING'))).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('QC tasks, sensitive words, messages, auth', () => {
  it('QC task: name ≤ 100, type, scheme and lines required', () => {
    expect(
      qcTaskSaveSchema.parse({ name: '离线任务', type: 'OFFLINE_TEXT', schemeId: '1', lineIds: ['L1'] }).lineIds,
    ).toEqual(['L1']);
    expect(shown(qcTaskSaveSchema, { name: '', type: 'OFFLINE', lineIds: [] }, 'en')).toEqual([
      ['name', 'This field is required'],
      ['type', 'Invalid choice; allowed: OFFLINE_TEXT, REAL_TIME_TEXT, OFFLINE_VOICE, REAL_TIME_VOICE'],
      ['schemeId', 'This field is required'],
      ['lineIds', 'This field is required'],
    ]);
  });
  it('sensitive-word library: words for CUSTOM, no FUZZY for staff', () => {
    expect(
      censorBanSaveSchema.safeParse({ name: '系统词', operation: 'REPORT', flag: 'cs-agent', tempType: 'SYS_WORDS' })
        .success,
    ).toBe(true);
    expect(shown(censorBanSaveSchema, { name: '自定义', operation: 'FUZZY', flag: 'cs-agent' })).toEqual([
      ['words', '请填写敏感词'],
      ['operation', '员工敏感词库不支持模糊处理'],
    ]);
    expect(
      censorBanSaveSchema.safeParse({ name: 'c', operation: 'FUZZY', flag: 'cs-customer', words: ['傻'] }).success,
    ).toBe(true);
  });
  it('chat messages and their kinds', () => {
    const m = chatMessageSchema.parse({
      messageId: 'm1',
      sessionId: 's1',
      sendTime: '2024-03-10 10:00:00',
      senderRole: 'AGENT',
      content: '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"您好"}}]',
      censorOperation: 'FUZZY',
    });
    expect(messageKindOf(m.content)).toBe('text');
    expect(messageKindOf('[{"MsgType":"TIMImageElem","MsgContent":{"ImageInfoArray":[]}}]')).toBe('image');
    expect(messageKindOf('[{"MsgType":"TIMFileElem","MsgContent":{"Url":"u","FileName":"f"}}]')).toBe('file');
    expect(messageKindOf('[{"MsgType":"TIMVideoFileElem"}]')).toBe('video');
    expect(messageKindOf('[{"MsgType":"TIMCustomElem"}]')).toBe('custom');
    expect(messageKindOf('[{"type":"text","text":"hi"}]')).toBe('text');
    expect(messageKindOf('纯文本')).toBe('text');
    expect(chatMessageSchema.safeParse({ ...m, sendTime: 'yesterday' }).success).toBe(false);
  });
  it('login and me', () => {
    expect(shown(loginBodySchema, { username: ' ' }, 'en')).toEqual([
      ['username', 'This field is required'],
      ['password', 'This field is required'],
    ]);
    expect(loginBodySchema.parse({ username: ' admin ', password: ' p ' })).toEqual({
      username: 'admin',
      password: ' p ',
    });
    const me = {
      user: { id: '1', username: 'admin', name: '管理员' },
      organisation: { id: '10', name: '总部' },
      permissions: ['qc-scheme.edit'],
    };
    expect(meAnswerSchema.parse(me).permissions).toEqual(['qc-scheme.edit']);
    expect(meAnswerSchema.safeParse({ ...me, permissions: ['qc-scheme.fly'] }).success).toBe(false);
  });
});
