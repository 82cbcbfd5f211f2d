/**
 * Ten more demo rules beside fixtures/rules/demo-20.json, so that the demo store shows every operator, every
 * check-range form (role, range, anchor with each hitTime) and every lambda at least twice.
 */
export const EXTRA_DEMO_RULES = [
  {
    id: 'demo-identity-check',
    name: '办理业务前核实身份',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['退款', '销户', '改绑', '挂失'] } }],
          checkRange: { role: 'CUSTOMER' },
        },
        {
          cid: 'b',
          operators: [{ type: 'EXCLUDE_KEYWORDS', param: { keywords: ['身份证', '验证码', '核实', '预留手机'] } }],
          checkRange: {
            role: 'AGENT',
            range: { from: 1, to: 3 },
            rangeSelect: 'RANGE',
            anchor: { cid: 'a', location: 'AFTER', hitTime: -1 },
          },
        },
      ],
      lambda: 'ALL',
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 10 },
      level: 'MAJOR',
    },
  },
  {
    id: 'demo-bank-card-leak',
    name: '泄露完整银行卡号',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'REGULAR_EXPRESSION', param: { regex: '\\d{16,19}', notRegex: '\\*{4}' } }],
          checkRange: { role: 'AGENT' },
        },
      ],
      ruleScore: { enable: true, ruleScoreType: 'ONCE', scoreNum: 20 },
      level: 'FATAL',
    },
  },
  {
    id: 'demo-competitor-mention',
    name: '提及竞品',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [
            {
              type: 'NCLUDE_KEYWORDS',
              param: { keywords: ['别家', '其他平台', '竞品', '换一家'], keywordMatchSize: 1 },
            },
          ],
          checkRange: { role: 'AGENT' },
        },
      ],
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
    },
  },
  {
    id: 'demo-self-introduction',
    name: '开场自报工号',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'INCLUDE_KEYWORDS', param: { keywords: ['工号', '为您服务'] } }],
          checkRange: { role: 'AGENT', range: { from: 1, to: 2 }, rangeSelect: 'RANGE' },
        },
      ],
      lambda: 'ANY_ONE_NOT_MET',
      ruleScore: { enable: true, ruleScoreType: 'ONCE', scoreNum: 3 },
    },
  },
  {
    id: 'demo-satisfaction-invite',
    name: '结束前邀请评价',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [
            {
              type: 'SIMILAR_MATCH',
              param: { phrases: ['麻烦您对我的服务做出评价', '请您给本次服务打个分'], similarity: 70 },
            },
          ],
          checkRange: { role: 'AGENT', range: { from: -3, to: -1 }, rangeSelect: 'RANGE' },
        },
      ],
      lambda: 'ANY_ONE_NOT_MET',
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 2 },
    },
  },
  {
    id: 'demo-repeat-question',
    name: '客户反复追问同一问题',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [
            {
              type: 'ADVANCED_REPEAT_DETECT',
              param: { window: 0, similarity: 0.8, hitTime: 2, minWordSize: 4, exceptions: ['好的', '谢谢'] },
            },
          ],
          checkRange: { role: 'CUSTOMER' },
        },
      ],
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
    },
  },
  {
    id: 'demo-guiding-complaint',
    name: '坐席引导客户投诉',
    conditionConfig: {
      conditions: [
        { cid: 'a', operators: [{ type: 'ABUSE_MODEL', param: { types: ['GUIDING_COMPLAINT', 'SARCASM'] } }] },
      ],
      ruleScore: { enable: true, ruleScoreType: 'ONCE', scoreNum: 15 },
      level: 'MAJOR',
    },
  },
  {
    id: 'demo-public-opinion-threat',
    name: '客户扬言曝光且坐席未安抚',
    conditionConfig: {
      conditions: [
        { cid: 'a', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PUBLIC_OPINION', 'ESCALATION'] } }] },
        {
          cid: 'b',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['理解', '抱歉', '马上为您', '帮您处理'] } }],
          checkRange: {
            role: 'AGENT',
            range: { from: 1, to: 2 },
            rangeSelect: 'RANGE',
            anchor: { cid: 'a', location: 'AFTER', hitTime: 0 },
          },
        },
      ],
      lambda: 'a && !b',
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 10 },
    },
  },
  {
    id: 'demo-second-reminder',
    name: '第二次催单后仍未答复时效',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: ['还没到', '什么时候', '多久'] } }],
          checkRange: { role: 'CUSTOMER' },
        },
        {
          cid: 'b',
          operators: [{ type: 'REGULAR_EXPRESSION', param: { regex: '\\d+\\s*(个)?(小时|天|工作日)' } }],
          checkRange: {
            role: 'AGENT',
            range: { from: 1, to: 2 },
            rangeSelect: 'RANGE',
            anchor: { cid: 'a', location: 'AROUND', hitTime: 1, inputHitTime: 2 },
          },
        },
      ],
      lambda: 'ANY_ONE_NOT_MET',
      ruleScore: { enable: true, ruleScoreType: 'SUB', scoreNum: 5 },
    },
  },
  {
    id: 'demo-warm-service',
    name: '热情服务加分',
    conditionConfig: {
      conditions: [
        {
          cid: 'a',
          operators: [
            { type: 'HIT_ANY_KEYWORDS', param: { keywords: ['很高兴为您服务', '随时联系', '祝您生活愉快'] } },
          ],
          checkRange: { role: 'AGENT' },
        },
        { cid: 'b', operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['PRAISE'] } }] },
      ],
      lambda: 'ANY_ONE',
      ruleScore: { enable: true, ruleScoreType: 'ADD', scoreNum: 5 },
    },
  },
] as const;

/** Manual (PERSON) rules of the demo PERSON scheme: scored by an inspector, no detection conditions. */
export const DEMO_MANUAL_RULES = [
  { id: 'manual-greeting', name: '礼貌问候与自我介绍', scoreNum: 10 },
  { id: 'manual-listening', name: '耐心倾听，不打断客户', scoreNum: 15 },
  { id: 'manual-accuracy', name: '业务解答准确', scoreNum: 30 },
  { id: 'manual-solution', name: '给出明确解决方案与时效', scoreNum: 25 },
  { id: 'manual-closing', name: '确认问题解决并礼貌结束', scoreNum: 20 },
] as const;
