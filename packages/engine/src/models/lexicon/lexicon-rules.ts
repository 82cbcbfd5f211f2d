/**
 * The built-in model's lexicon: cue patterns for Chinese customer-service speech, per label.
 *
 * Each cue carries a confidence; a sentence takes the strongest cue of each label that survives its checks
 * (see `lexicon-model.ts`): a negation right before the cue (`我不是要投诉`) cancels it, an `unless`
 * pattern anywhere in the sentence cancels it (`谢谢` in a complaint is not praise), and intensity
 * (`太`, `非常`, `！！`) raises it — a weak cue (below `LABEL_THRESHOLD`) only counts when intensified.
 *
 * The cues were written from the labelling guideline in `fixtures/models/README.md` and general
 * customer-service language, then checked against the evaluation set (`npm run eval:models`). Every pattern
 * is a plain JS RegExp without nested quantifiers, so matching stays linear in the sentence length.
 */
export interface Cue {
  readonly pattern: RegExp;
  readonly confidence: number;
  /** the cue does not count when this matches anywhere in the sentence */
  readonly unless?: RegExp;
  /** a negation word right before the cue cancels it (default true) */
  readonly negatable?: boolean;
}

export interface LabelCues {
  readonly cues: readonly Cue[];
  /**
   * Whether `@handles` take part in matching. Tagging a regulator (`@12315`) or the media (`@CCTV315`) is
   * itself escalation or publicity; for the other labels a handle (`@12315消费者维权`) is only a name.
   */
  readonly mentions?: boolean;
}

/** Words of abuse shared by both tasks (profanity and insults); compounds that are not abuse excluded. */
const ABUSE_CORE =
  /傻[逼比bB屄xX叉帽]|煞笔|(?<![a-zA-Z])sb(?![a-zA-Z])|他妈|她妈|他娘|你妈|尼玛|(?<![我你她他])妈的|tmd|特么|麻痹|草泥马|操你|卧槽|我操|(?<![a-zA-Z])[Ff]uck|(?<!滚)滚(?![动烫筒轮来去滚])|混蛋|王八|去死|找死|脑残(?!粉)|白痴|智障|弱智|人渣|畜生|废物|蠢货|蠢猪|是猪|猪脑|狗屁|放屁|屁用|鬼用|扯淡|吃屎|食屎|狗屎|神经病|(?<!没)有病[吧啊]|脑子(进水|有坑|有病)|垃圾(?![短邮文清信电广消桶分处])/i;

/** An abuse word with an exclamation mark later in the same sentence. */
const ABUSE_SHOUTED = new RegExp(`(${ABUSE_CORE.source}|骗子|无耻)[^。.]{0,20}[!！]`, 'i');

export const CUSTOMER_CHECK_CUES: Record<string, LabelCues> = {
  COMPLAINT: {
    cues: [
      { pattern: /投诉(?!受理)|举报|差评|维权|申诉|讨(个)?说法/, confidence: 0.85 },
      { pattern: /不满意|很不满|非常不满/, confidence: 0.75, negatable: false },
      {
        pattern:
          /(要求|必须|给我|应该|该向我)(退款|退钱|赔偿|补偿|道歉)|赔我|(退款|退钱|赔偿|退费).{0,8}(没|不|还没|迟迟)/,
        confidence: 0.7,
      },
    ],
  },
  ESCALATION: {
    mentions: true,
    cues: [
      {
        pattern:
          /(转接|转|找|叫|让|换|请|要见|见|联系)(一下)?(你们|你们的)?(部门|客服|值班|大堂|产品|这里的)?(负责人|领导|经理|主管|上级|老板|店长|能做主的人)/,
        confidence: 0.9,
      },
      {
        pattern: /(负责人|领导|(?<!客户)经理|主管|上级|老板|店长)(来|出来|给我|跟我|和我|联系我|的?(电话|联系方式))/,
        confidence: 0.85,
      },
      {
        pattern:
          /工信部|工业与信息产业部|信息产业部|通信管理局|通管局|消协|消费者协会|消委|12315|12300|市场监管|工商(局|部门|处理)|法院|起诉|律师|法律(途径|程序|手段)|打官司|传票|主管部门|上级部门|升级处理|更高一级|能做主的人/,
        confidence: 0.85,
      },
      { pattern: /(反映|投诉|告|找|让|到)(.{0,3})(总部|集团|总公司)/, confidence: 0.8 },
    ],
  },
  QUESTIONING_SERVICE: {
    cues: [
      {
        pattern:
          /什么态度|啥态度|态度(太|很|真|非常|极其|也太)?(差|恶劣|有问题|不好|屌|傲慢)|态度[,，]?很有问题|态度(呢|在哪)|(服务|效率)(太|真|很|也太)?(垃圾|差劲|烂)/,
        confidence: 0.9,
        negatable: false,
      },
      {
        pattern:
          /(这|就这|就这样|这就是|这是)(的)?(你们)?(的)?(什么)?(服务|效率|态度|网络|速度|水平)|就这样[吗么？?]|(就是|就)这(样|么)(对待|对|处理|办事|服务|回复|承诺|欺负|糊弄|敷衍)/,
        confidence: 0.85,
        negatable: false,
      },
      {
        pattern:
          /怎么(做事|办事|服务|处理问题|工作)的|有没有人(管|处理|理)|没(有)?人(管|理|处理)|(你们)?(管|能管)[吗么]|(你|你们)(是)?怎么了|你们什么意思/,
        confidence: 0.85,
      },
      {
        pattern:
          /(到底|究竟)(能不能|会不会|有没有|管不管|还要|要|什么时候|怎么回事|是)|难道|凭什么|非得|非要|有意思[吗么]|(专业|负责)[吗么]|有没有天理/,
        confidence: 0.8,
        negatable: false,
      },
      {
        pattern:
          /(只|就)(会|懂得?|知道)(说|复制|跟进|道歉|记录|让|推|敷衍|回复)|跟没说一样|有(什么|啥|屁|鬼)用|推诿|踢皮球|推卸|逃避责任|敷衍|不作为|不是来[^，。]{0,4}解决问题|(从来|就是|根本)?不解决问题|装傻|还有完没完|不干人事|忽悠|有必要[^，。]{0,10}[吗么？?]|(能不能|麻烦|请)[^，。]{0,4}(靠谱|专业|上点心|负点责)|不是[^，。]{1,4}是什么/,
        confidence: 0.8,
        negatable: false,
      },
    ],
  },
  PUBLIC_OPINION: {
    mentions: true,
    cues: [
      {
        pattern:
          /曝光|(?<!多)媒体(?!播放|库|文件)|记者|电视台|报社|晚报|日报|早报|都市报|消费者报|央视|CCTV|上头条|今日头条|热搜|上新闻|(?<!\d)315(?!\d|活动|促销|优惠|大促)/i,
        confidence: 0.85,
      },
      {
        pattern:
          /(?<!转)发(到|在)?(网上|微博|朋友圈|抖音|小红书|论坛|头条)|(微博|网上|朋友圈|抖音|小红书|论坛|大众点评|黑猫投诉)(上)?[^，。？?]{0,6}(发|曝光|说|公开|揭露|写)|让(大家|所有人|网友|更多人|粉丝|我的粉丝)(都)?(来)?(知道|看看|评评|看)|(大家|帮我|欢迎大家)转发|转发出去|扩散|公开|公布(出来|出去)|评评理|避雷/,
        confidence: 0.8,
      },
    ],
  },
  PRAISE: {
    cues: [
      {
        pattern: /谢谢|感谢|多谢|谢啦|谢了/,
        confidence: 0.7,
        unless:
          /投诉|差评|举报|还没|没人|没有人|不满|失望|垃圾|坑|骗|等了|但是|可是|[?？]|吗|请|麻烦|烦请|尽快|帮忙|求|希望|急/,
      },
      {
        pattern:
          /赞|给力|好评|满意(?![的吗么])|专业|敬业|贴心|耐心|效率(真|很|太|超|非常|也)?(高|快)|(服务|态度|客服|售后|回复|速度|处理)(真|很|太|超|非常|真心|真是|挺|还|也)?(不错|好|棒|快|到位|赞|及时)|棒|表扬|辛苦(了|你|您)|值得|推荐|杠杠|(?<!不)真好(?!意思)|太好了|圆满/,
        confidence: 0.8,
        unless: /投诉|差评|举报|不满|失望|垃圾|坑|骗|[?？]|吗|他妈|尼玛/,
      },
    ],
  },
  ABUSE: {
    cues: [
      { pattern: ABUSE_CORE, confidence: 0.9, negatable: false },
      { pattern: /骗子|骗人|无耻|你妹(?!妹)/, confidence: 0.85, negatable: false },
    ],
  },
  ANGER: {
    cues: [
      {
        pattern:
          /气死|气人|生气|火大|冒火|受够|(?<!接)受不了|忍不了|忍无可忍|过分|无语|恶心|噁心|(要|快|真的|彻底|心态|被[^，。]{0,4})崩溃|失望|心寒|寒心|醉了|郁闷|烦死|烦人|憋屈|坑爹|坑人|黑心|欺负|(?<![客克征])服了|奇葩|有完没完|什么破|啥破|折磨|抓狂|暴躁|想摔|吓死|离谱|耍无赖|急死|岂有此理|不像话|废话|(太|真|非常|特别|简直|实在)(差|烂|慢|垃圾|难用)/,
        confidence: 0.8,
      },
      // abuse shouted (followed by `！`) or intensified is anger too; bare abuse is only ABUSE
      { pattern: ABUSE_SHOUTED, confidence: 0.6, negatable: false },
      { pattern: ABUSE_CORE, confidence: 0.45, negatable: false },
      { pattern: /[!！]{2,}|[?？]{3,}/, confidence: 0.6, unless: /哈哈|嘻嘻|谢谢|感谢|好吃|赞|棒/ },
      { pattern: /[?？]{2}|[!！]/, confidence: 0.4, unless: /哈哈|嘻嘻|谢谢|感谢|好吃|赞|棒/ },
    ],
  },
};

export const ABUSE_MODEL_CUES: Record<string, LabelCues> = {
  SARCASM: {
    cues: [
      {
        pattern:
          /(您|你)(可|还)?(真|可真|真是|还真)(是)?(太)?(厉害|聪明|会|能|幽默|行|不容易|有本事|够可以)|(?<!\[)呵呵(?!\])|(这|都)(都|也)?不(懂|会|知道)|都不会|(您|你)不识字|没长(耳朵|眼睛)|眼神真好|都(看不|没看)(见|到)|(您|你)(开心|高兴)就好|(您|你)说了算|(您|你)说什么就是什么|是是是|行行行|好好好|行了吧|(您|你)随意|还用得着|还问我|百度一下|不就(知道|行)了|小学生都|第一天用|大聪明|贵人多忘事|比[^，。]{0,4}还(熟|懂)|比不上(您|你)|佩服|伺候不起|真难为|教我做事|够可以的|挺懂的|(您|你)(这么|那么)(能说|懂|厉害|有本事|聪明)|厉害了|是摆设/,
        confidence: 0.75,
        unless: /(谢谢|感谢)(您|你)的(配合|理解|支持|耐心)/,
      },
    ],
  },
  GUIDING_COMPLAINT: {
    cues: [
      {
        pattern:
          /(去|可以|就|尽管|随便|爱|想|要|直接|试试)(你|您)?(去)?(投诉|告|举报|起诉|申诉|打差评|给我们打?差评)|(去|就)哪(儿)?告|有本事(你|您)?(就)?(去)?(投诉|告)|有权投诉|投诉(我|我们)?(吧|好了|请便|也没用|是您的权利|是你的权利)|(去|到|向|找|打)(12315|消协|消费者协会|工信部|工商|市场监管|通信管理局|法院|315|黑猫投诉|媒体)/,
        confidence: 0.85,
      },
    ],
  },
  PASSING_THE_BUCK: {
    cues: [
      {
        pattern:
          /不归(我们|我|这边)?管?|不是(我们|我)(的|这边的|部门的)?(问题|责任|事|业务)|不是(我|我们)负责|不属于(我们|我)|不在(我|我们)的?(职责|业务|服务)?范围|找(别的|其他|相关)部门|(我|我们)(也|这边|是)?没(有)?办法|(跟|和)(我们|我|我们店|本店)(也)?(没(有)?关系|无关)|与(我们|我|本店|我司)无关|管不(了|着)|做不了主|说了不算|无权处理|不负责|不管的|(我们|这边|线上)(是)?不管|别(问|找)我|背锅|锅不该|这个锅|处理不了|自己想办法|是[^，。]{1,6}的(问题|责任|事)/,
        confidence: 0.85,
        unless: /帮您|为您|替您|我们(已经|会|马上|正在|一定)/,
      },
      {
        pattern:
          /(找|问|问问|联系|咨询)(一下)?(快递|厂家|厂商|商家|卖家|银行|原厂|航空公司|物业|开发商|开发者|第三方|运营商|支付宝|苹果|三星|技术部|总部|别人)|(您|你)自己(去)?(跟|和|找|联系)/,
        confidence: 0.75,
        unless: /帮您|为您|替您|我们(已经|会|马上|正在|一定)/,
      },
    ],
  },
  ABUSE: {
    cues: [
      { pattern: ABUSE_CORE, confidence: 0.9, negatable: false },
      {
        pattern:
          /(?<!没)有病|穷鬼|算什么东西|闭嘴|少废话|不配|无药可救|老子|什么玩意|一边玩去|你瞎|滚犊子|有毛病[吧啊]?$|有毛病吧|你丫|懒得理你|给脸不要脸|别烦我|没文化|听不懂人话|找茬|烦死了|难缠|蠢|神经(?!网络)/,
        confidence: 0.85,
        negatable: false,
      },
    ],
  },
};

/**
 * A negation word right before a cue cancels it, optionally followed by a modal verb (`不是要投诉`,
 * `没有要投诉的意思`, `不用投诉了`, `您不用去投诉`). A condition clause (`不处理就投诉`) is not negation.
 */
export const NEGATION_BEFORE =
  /(?<!是)(不|没|没有|并非|并不|不是|别|无需|不用|不必|不再|未)(要|想|是|打算|会|用|需要|去|再)?(要|想|去)?$/;

/** How far back before a cue the negation check looks. */
export const NEGATION_WINDOW = 6;

/** Intensity markers: each raises a cue's confidence (at most by `MAX_BOOST`). */
export const INTENSIFIERS = /太|非常|特别|真的|简直|极其|实在|根本|竟然|居然|[!！]{2}|[?？]{2}/g;
export const BOOST_PER_INTENSIFIER = 0.1;
export const MAX_BOOST = 0.15;
