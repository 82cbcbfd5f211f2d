/**
 * The built-in model's first lexicon: cue patterns for Chinese customer-service speech, per label.
 * Each cue carries a confidence; a sentence takes the strongest cue of each label. Patterns are our own,
 * simple and linear (no nested quantifiers). A later pass widens and calibrates them against the
 * labelled evaluation set.
 */
export interface Cue {
  readonly pattern: RegExp;
  readonly confidence: number;
}

export const CUSTOMER_CHECK_CUES: Record<string, readonly Cue[]> = {
  COMPLAINT: [
    { pattern: /投诉|举报|差评|维权/, confidence: 0.9 },
    { pattern: /(退款|退钱|赔偿).{0,6}(没|不|还没|迟迟)/, confidence: 0.7 },
  ],
  ESCALATION: [
    { pattern: /(转|找|叫|让)(你们)?(的)?(负责人|领导|经理|主管|上级)/, confidence: 0.9 },
    { pattern: /(工信部|消协|消费者协会|12315|市场监管)/, confidence: 0.8 },
  ],
  QUESTIONING_SERVICE: [
    { pattern: /什么态度|啥态度|这(是)?什么服务|怎么(办事|服务)的|有没有人(管|处理)/, confidence: 0.9 },
    { pattern: /(到底|究竟)(能不能|会不会|有没有|管不管)/, confidence: 0.7 },
  ],
  PUBLIC_OPINION: [
    { pattern: /曝光|媒体|(?<!\d)315(?!\d)|微博(上)?(发|说)|发(到)?网上|记者|上热搜/, confidence: 0.85 },
  ],
  PRAISE: [
    {
      pattern:
        /(谢谢|感谢|多谢)(你|您|客服|小哥|小姐姐)?(的)?(耐心|帮助|解答)?|服务(真|很|太)?(好|棒|到位)|点赞|给力|好评/,
      confidence: 0.8,
    },
  ],
  ABUSE: [
    {
      pattern:
        /傻[逼比b]|(?<![a-z])sb(?![a-z])|他妈的?|操你|滚(蛋)?(?![动烫筒])|垃圾(?!短信|邮件)|混蛋|王八蛋|去死|脑残|白痴/i,
      confidence: 0.9,
    },
  ],
  ANGER: [
    { pattern: /气死|受够了|太过分|忍无可忍|(什么|啥)破|坑人|骗子|无语|恶心/, confidence: 0.8 },
    { pattern: /[!！]{2,}|[?？]{3,}/, confidence: 0.6 },
  ],
};

export const ABUSE_MODEL_CUES: Record<string, readonly Cue[]> = {
  SARCASM: [{ pattern: /(您|你)(可)?真(是)?(厉害|聪明|会)|呵呵|这都不(懂|会)|自己不会看/, confidence: 0.75 }],
  GUIDING_COMPLAINT: [
    { pattern: /(你|您)(可以|去|就)?(去)?投诉(吧|好了)?|有本事(你)?(去)?投诉|随便(你)?投诉/, confidence: 0.85 },
  ],
  PASSING_THE_BUCK: [
    {
      pattern:
        /(这|此事)?不归(我们|我)管|不是我们(的)?(问题|责任)|找(别的|其他)部门|(我|我们)(也)?没办法|跟(我们|我)没关系/,
      confidence: 0.85,
    },
  ],
  ABUSE: [
    { pattern: /傻[逼比b]|(?<![a-z])sb(?![a-z])|他妈的?|滚(蛋)?(?![动烫筒])|混蛋|脑残|白痴|有病/i, confidence: 0.9 },
  ],
};

/** Negation right before a cue (`不是投诉`, `没有差评`) cancels it. */
export const NEGATION_BEFORE = /(不|没|没有|并非|不是|别)$/;
