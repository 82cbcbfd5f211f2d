import type { Lang } from '../enums/dictionary.js';

/** One message a person reads, in both interface languages. `{name}` style placeholders are filled from params. */
export interface Message {
  readonly code: string;
  readonly zh: string;
  readonly en: string;
}

type Texts = Readonly<Record<string, { readonly zh: string; readonly en: string }>>;
function defineMessages<const T extends Texts>(texts: T): { readonly [K in keyof T & string]: Message & { code: K } } {
  return Object.fromEntries(Object.entries(texts).map(([code, t]) => [code, { code, zh: t.zh, en: t.en }])) as {
    readonly [K in keyof T & string]: Message & { code: K };
  };
}

/**
 * Every validation and error message of the console, keyed by code. Texts the spec quotes are kept word for word
 * (including the spec's '是否删除改维度——{name}'); the other language and the generic texts are ours.
 */
export const MESSAGES = defineMessages({
  // generic field problems (mapped from zod's own issue kinds by toFieldErrors)
  'common.required': { zh: '此项为必填项', en: 'This field is required' },
  'common.invalidType': { zh: '格式不正确', en: 'Wrong format' },
  'common.invalidFormat': { zh: '格式不正确', en: 'Wrong format' },
  'common.invalidOption': { zh: '取值无效，可选值：{values}', en: 'Invalid choice; allowed: {values}' },
  'common.invalid': { zh: '输入无效', en: 'Invalid input' },
  'common.tooLong': { zh: '不能超过 {maximum} 个字符', en: 'At most {maximum} characters' },
  'common.tooShort': { zh: '至少 {minimum} 个字符', en: 'At least {minimum} characters' },
  'common.tooFewItems': { zh: '至少选择 {minimum} 项', en: 'Choose at least {minimum}' },
  'common.tooManyItems': { zh: '最多 {maximum} 项', en: 'At most {maximum} items' },
  'common.tooSmall': { zh: '不能小于 {minimum}', en: 'Must be at least {minimum}' },
  'common.tooBig': { zh: '不能大于 {maximum}', en: 'Must be at most {maximum}' },
  'common.integer': { zh: '必须是整数', en: 'Must be a whole number' },
  'common.invalidTime': { zh: '时间格式不正确', en: 'Invalid date or time' },
  'common.unstorableText': {
    zh: '含有无法保存的字符（{character}）',
    en: 'Contains a character that cannot be stored ({character})',
  },
  'common.tooDeep': { zh: '嵌套不能超过 {maximum} 层', en: 'Nested more than {maximum} levels deep' },
  'common.unknownKeys': { zh: '不支持的字段：{keys}', en: 'Unknown fields: {keys}' },
  'common.duplicate': { zh: '不能重复：{value}', en: 'Duplicate: {value}' },
  'common.timeOrder': { zh: '结束时间不能早于开始时间', en: 'The end time must not be before the start time' },
  'common.scoreOrder': { zh: '最高分不能低于最低分', en: 'The upper score must not be below the lower one' },
  'common.recordIdFormat': { zh: '须为数字编号', en: 'Must be a numeric id' },
  'common.versionRequired': { zh: '修改时须提供版本号', en: 'version is required when changing a record' },
  'common.versionConflict': {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'This record was changed by someone else; reload it and try again',
  },
  'common.notFound': { zh: '记录不存在', en: 'Record not found' },
  // the spec quotes this warning in English and the console shows it so in Chinese too
  'common.selectRecord': { zh: '请选择记录', en: 'please select a record' },
  'common.noViewPermission': { zh: '无查看权限', en: 'No permission to view' },
  'common.forbidden': { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  'common.success': { zh: '操作成功', en: 'Success' },
  'common.deleteMove': { zh: '不能从 {from} 移到 {to}', en: 'Cannot move records from {from} to {to}' },
  'common.scoreSort': { zh: '排序项无效，可用：{values}', en: 'Invalid sort; allowed: {values}' },
  'common.pageSize': { zh: '每页条数须为 1 到 500', en: 'Page size must be from 1 to 500' },
  'auth.required': { zh: '请先登录', en: 'Please sign in' },
  'auth.badCredentials': { zh: '用户名或密码错误', en: 'Wrong user name or password' },

  // QC scheme
  'qc.scheme.styleRequired': { zh: '请选择评分方式', en: 'Please select a scoring style' },
  'qc.scheme.compareOperatorRequired': { zh: '请选择比较运算符', en: 'Please select a compare operator' },
  'qc.scheme.voteCountRequired': { zh: '请填写投票数', en: 'Please fill in the vote count' },
  'qc.scheme.activateTip': {
    zh: '智能质检方案的维度分值合计须为 100',
    en: 'The angle scores of an AI scheme must total 100',
  },
  'qc.scheme.activateTotal': {
    zh: '智能质检方案的维度分值合计须为 100 才能启用（当前为 {total}）',
    en: 'An AI scheme can be activated only when its angle scores total 100 (now {total})',
  },
  'qc.scheme.vetoRuleNotLinked': {
    zh: '否决规则须是方案维度中已关联的规则：{ruleId}',
    en: "A veto rule must be linked in one of the scheme's angles: {ruleId}",
  },
  'qc.scheme.configMismatch': {
    zh: '方案配置与方案类型不符',
    en: 'The scheme configuration does not fit its target type',
  },

  // angles and angle rules
  'qc.angle.tooMany': { zh: '每个质检方案最多 {maximum} 个质检维度', en: 'A scheme has at most {maximum} angles' },
  'qc.angle.score': { zh: '分值须为 0-100 的整数', en: 'The score must be a whole number from 0 to 100' },
  'qc.angle.confirmDelete': { zh: '是否删除改维度——{name}', en: 'Delete the angle {name}?' },
  'qc.angleRule.rulesRequired': { zh: '请选择检测规则', en: 'Please select detection rules' },
  'qc.angleRule.aiOnly': { zh: '智能质检方案只能加入智能规则：{name}', en: 'An AI scheme takes AI rules only: {name}' },
  'qc.angleRule.personOnly': {
    zh: '人工质检方案只能加入人工规则：{name}',
    en: 'A manual scheme takes manual rules only: {name}',
  },
  'qc.angleRule.confirmUnlink': {
    zh: '确认要对当前规则取消关联？取消关联后，规则将会从当前质检方案中删除。',
    en: 'Unlink this rule? It will be removed from the current QC scheme.',
  },

  // rules
  // quoted in English by the spec, shown so in both languages
  'qc.rule.conditionTypeRequired': { zh: '请选择条件类型', en: 'Please select a condition type' },
  'qc.rule.cid': {
    zh: '条件编号须为小写字母（a、b、c……）且不能重复',
    en: 'Condition ids must be lower-case letters (a, b, c, …) and unique',
  },
  'qc.rule.score': { zh: '规则分值须为 0-100 的整数', en: 'The rule score must be a whole number from 0 to 100' },
  'qc.rule.rangePosition': { zh: '范围位置不能为 0', en: 'A range position cannot be 0' },
  'qc.rule.inputHitTimeRequired': { zh: '请填写第几次命中（至少为 1）', en: 'Enter which hit counts (at least 1)' },
  'qc.rule.lambdaRequired': { zh: '请填写自定义条件逻辑', en: 'Enter the custom combination expression' },

  // results, assessment, complaints
  'qc.result.scoreRange': { zh: '分数须在 0-100 之间', en: 'The score must be from 0 to 100' },
  'qc.manual.appraiseRequired': { zh: '{name} 不能为空', en: '{name} cannot be empty' },
  'qc.manual.passRequired': { zh: '请选择是否合格', en: 'Choose pass or fail' },
  'qc.manual.scoreRequired': { zh: '请填写分数', en: 'Enter the score' },
  // the spec's texts as quoted: the MANUAL review says '审核状态不能为空', the AI review (and every reason) English
  'qc.complaint.manualReviewStatusRequired': { zh: '审核状态不能为空', en: 'review status cannot be empty' },
  'qc.complaint.aiReviewStatusRequired': { zh: '审核状态不能为空', en: 'review status cannot be empty' },
  'qc.complaint.reviewReasonRequired': { zh: '审核原因不能为空', en: 'review reason cannot be empty' },
  'qc.complaint.reasonRequired': { zh: '申诉原因不能为空', en: 'complaint reason cannot be empty' },
  'qc.complaint.attachmentLimit': { zh: '最多只能上传 1 个文件', en: 'The limit is 1 file' },
  'qc.complaint.notPending': { zh: '只能审核待审核的申诉', en: 'Only pending complaints can be reviewed' },
  'qc.complaint.alreadyPending': {
    zh: '该质检结果已有待审核的申诉：{id}',
    en: 'This result already has a pending complaint: {id}',
  },
  'qc.complaint.resultNotInSession': {
    zh: '质检结果 {resultId} 不属于会话 {sessionId}',
    en: 'Result {resultId} does not belong to session {sessionId}',
  },
  'qc.complaint.ruleNotInResult': {
    zh: '规则 {ruleId} 不在该质检结果中',
    en: 'Rule {ruleId} is not part of this result',
  },
  'qc.complaint.wrongReviewKind': {
    zh: '{type} 申诉不能携带 {field}',
    en: 'A {type} complaint cannot carry {field}',
  },
  'qc.manual.releaseOnlyReady': {
    zh: '只有待质检的结果才能释放：会话 {sessionId} 当前为 {status}',
    en: 'Only results to be inspected (READY_CHECKED) can be released: session {sessionId} is {status}',
  },
  'qc.manual.checkedCannotQueue': {
    zh: '已质检的结果不能移至待质检：会话 {sessionId}',
    en: 'An inspected result cannot be moved to be inspected: session {sessionId}',
  },
  'qc.manual.noResult': {
    zh: '会话 {sessionId} 没有人工质检结果',
    en: 'Session {sessionId} has no manual result',
  },
  'qc.manual.personSchemeOnly': {
    zh: '人工质检须使用人工质检方案：{schemeId}',
    en: 'A manual assessment needs a PERSON scheme: {schemeId}',
  },
  'qc.manual.angleNotInScheme': {
    zh: '维度 {angleId} 不属于该质检方案',
    en: 'Angle {angleId} is not part of this scheme',
  },
  'qc.manual.ruleNotInAngle': {
    zh: '规则 {ruleId} 未关联在维度 {angleId} 中',
    en: 'Rule {ruleId} is not linked in angle {angleId}',
  },
  'qc.manual.vetoNotInScheme': {
    zh: '否决项不属于该质检方案：{vetoName}',
    en: 'Not a veto statement of this scheme: {vetoName}',
  },

  // sensitive words
  'censor.wordsRequired': { zh: '请填写敏感词', en: 'Enter the sensitive words' },
  'censor.fuzzyNotForAgent': {
    zh: '员工敏感词库不支持模糊处理',
    en: 'FUZZY is not offered for staff libraries',
  },
  'censor.lineRequired': { zh: '请选择客服号后查询', en: 'Select a service line before querying' },
  'censor.jobStopped': {
    zh: '任务已中断（服务已停止），已完成的批次保留',
    en: 'The job stopped (the server stopped); the batches already done are kept',
  },
  'censor.exportNotReady': {
    zh: '导出文件尚未生成，请稍后再试',
    en: 'The export file is not ready yet; try again shortly',
  },
  'censor.wordTooLong': { zh: '敏感词不能超过 100 个字符', en: 'A sensitive word is at most 100 characters' },
  'censor.tooManyWords': { zh: '一个词库最多 10000 个词', en: 'A library holds at most 10000 words' },
  'censor.skipNoiseRange': {
    zh: '跳过的干扰字符数须为 0 到 5 的整数',
    en: 'Noise characters skipped must be a whole number from 0 to 5',
  },
  'censor.wordRefused': { zh: '敏感词库无法使用：{reason}', en: 'The library cannot be used: {reason}' },
  'censor.maskOneCharacter': {
    zh: '遮盖字符须为一个字符（如 *、#）',
    en: 'The mask is one character (such as * or #)',
  },
  'censor.replacementTooLong': { zh: '替换文字不能超过 20 个字符', en: 'A replacement is at most 20 characters' },
  'censor.replacementWordInvalid': {
    zh: '替换的敏感词须为 1 到 100 个字符',
    en: 'The word a replacement is for is 1 to 100 characters',
  },
  'censor.tooManyReplacements': { zh: '一个词库最多 1000 条替换', en: 'A library holds at most 1000 replacements' },

  // desk staffing: service times, skill groups, agents (online-service-config §5; the English quotes are the spec's)
  'desk.time.periodRequired': {
    zh: '通用时段和特殊时段：请至少设置一个',
    en: 'General and special periods: please set at least one',
  },
  'desk.time.unknown': { zh: '服务时间 {id} 不存在', en: 'Service time {id} not found' },
  'desk.group.receiversRequired': { zh: '请设置接待人', en: 'Please set receivers' },
  'desk.group.currentGroup': { zh: '不能选择当前技能组', en: 'Cannot select the current group' },
  'desk.group.secondAssignSame': {
    zh: '第二分配方式不能与第一分配方式相同',
    en: 'The second assignment cannot equal the first',
  },
  'desk.group.parentOnlyOnlineHotline': {
    zh: '只有在线和热线技能组可以设置分类',
    en: 'Only ONLINE and HOTLINE groups can have a category group',
  },
  'desk.group.parentNotCategory': {
    zh: '分类须是启用的顶级分类技能组：{id}',
    en: 'The category must be an active top-level CATEGORY group: {id}',
  },
  'desk.group.unknown': { zh: '技能组 {id} 不存在', en: 'Skill group {id} not found' },
  'desk.agent.unknown': { zh: '坐席 {id} 不存在', en: 'Agent {id} not found' },
  'desk.agent.userRequired': { zh: '请选择用户', en: 'Please select a user' },
  'desk.agent.userUnknown': { zh: '用户 {id} 不存在', en: 'User {id} not found' },
  'desk.agent.userTaken': { zh: '用户 {name} 已是坐席 {agentId}', en: 'User {name} is already agent {agentId}' },
  'desk.agent.ownedByOther': {
    zh: '坐席 {agentId} 已属于用户 {name}',
    en: 'Agent {agentId} already belongs to user {name}',
  },
  'desk.agent.selectStaff': { zh: '请选择员工', en: 'Please select staff' },
  'desk.agent.capacityRange': {
    zh: '接待上限须为 1 到 1000 的整数',
    en: 'The reception ceiling must be a whole number from 1 to 1000',
  },
  'desk.agent.platformUnknown': {
    zh: '未配置呼叫平台 {platform}（已配置：{platforms}）',
    en: 'No call platform {platform} is configured (configured: {platforms})',
  },
  'desk.agent.platformUnreadable': {
    zh: '无法读取呼叫平台 {platform} 的坐席导出：{reason}',
    en: 'Cannot read the agent export of call platform {platform}: {reason}',
  },

  // AI platforms and chatbots (online-service-config §2.5, §2.6; ours: the spec shows no messages for them)
  'bots.platform.baseUrlRequired': {
    zh: '请填写接口地址（内置词库模型除外）',
    en: 'Please enter the service URL (all but the built-in model need one)',
  },
  'bots.platform.baseUrlInvalid': {
    zh: '接口地址须为 http:// 或 https:// 开头的完整地址',
    en: 'The service URL must be a full http:// or https:// address',
  },
  'bots.platform.unknown': { zh: 'AI 平台 {id} 不存在', en: 'AI platform {id} not found' },
  'bots.chatbot.avatarUpload': { zh: '请上传头像图片', en: 'Please upload the avatar image' },

  // service lines (online-service-config §2.1, §5; the two note-config texts are the spec's, the others ours)
  'line.minZero': { zh: '不能小于 0', en: 'Must be 0 or more' },
  'line.overloadAgentRequired': { zh: '请选择指定坐席', en: 'Please choose the agent who takes the overflow' },
  'line.note.spaceRequired': { zh: '请选择工单空间', en: 'Please select a ticket space' },
  'line.note.kindRequired': { zh: '请选择工单空间模版', en: 'Please select a ticket-space template' },
  'line.nav.noTime': {
    zh: '底部、侧边和 IVR 导航不分时段',
    en: 'Bottom, side and IVR navigations are not time-divided',
  },
  'line.nav.oneVariant': {
    zh: '同一种导航只能选择分时段或不分时段其中之一',
    en: 'A navigation kind is either time-divided or not, not both',
  },
  'line.nav.duplicate': { zh: '同一时段已设置了该类导航', en: 'This kind already has a navigation for that time' },
  // what a line's save refers to (server checks; ours)
  'line.app.unknown': { zh: '应用 {id} 不存在', en: 'App {id} not found' },
  'line.chatbot.unknown': { zh: '机器人 {id} 不存在', en: 'Chatbot {id} not found' },
  'line.space.quickUnknown': { zh: '快捷回复空间 {id} 不存在', en: 'Quick-reply space {id} not found' },
  'line.space.ticketUnknown': { zh: '工单空间 {id} 不存在', en: 'Ticket space {id} not found' },
  'line.note.kindNotInSpace': {
    zh: '工单模版 {id} 不是所选工单空间的模版',
    en: 'Ticket kind {id} is not a template of the chosen ticket space',
  },
  'line.group.notHotline': { zh: '技能组 {id} 不是热线技能组', en: 'Skill group {id} is not a hotline group' },
  'line.idNotNumeric': { zh: '编号 {id} 无效，应为数字', en: 'Id {id} is not valid: it must be a number' },
  'line.auth.orgPanelOwner': {
    zh: '只有线路所属组织可以修改组织授权',
    en: "Only the line's own organisation can change its organisation grants",
  },
  // the satisfaction check of a line (/v3/chats/score-config/check-issue)
  'line.score.none': { zh: '该线路未配置满意度', en: 'The line has no satisfaction configuration' },
  'line.score.missing': {
    zh: '满意度配置 {id} 不存在或已被清空',
    en: 'Satisfaction configuration {id} does not exist (or was emptied from the trash)',
  },
  'line.score.trashed': {
    zh: '满意度配置“{name}”在回收站中',
    en: 'Satisfaction configuration "{name}" is in the trash',
  },
  'line.score.inactive': { zh: '满意度配置“{name}”已停用', en: 'Satisfaction configuration "{name}" is inactive' },
  'line.score.noChannel': {
    zh: '满意度配置“{name}”未开启机器人会话评价或人工会话评价',
    en: 'Satisfaction configuration "{name}" surveys neither chatbot nor agent sessions',
  },
  'line.score.replyMissing': {
    zh: '满意度配置“{name}”缺少 {score} 分评价的场景回复语',
    en: 'Satisfaction configuration "{name}" has no scene reply for a rating of {score}',
  },
  // what a line's save refers to: a live satisfaction config of the organisation
  'line.score.unknown': { zh: '满意度配置 {id} 不存在', en: 'Satisfaction configuration {id} not found' },

  // satisfaction configs (online-service-config §4, §5; 请填写场景回复语 and 请填写标签 are the spec's, the others ours)
  'score.replyRequired': { zh: '请填写场景回复语', en: 'Please fill in the scene replies' },
  'score.tagRequired': { zh: '请填写标签', en: 'Please fill in the tag' },
  'score.validDays': { zh: '有效期只能是 1、3 或 7 天', en: 'The validity is 1, 3 or 7 days' },
  'score.thresholdOrder': {
    zh: '好评分值须高于差评分值',
    en: 'The positive threshold must be above the negative threshold',
  },
  'score.sendRequired': {
    zh: '自动发送与手动发送至少开启一项',
    en: 'Turn on automatic or manual sending (or both)',
  },
  'score.levelDuplicate': { zh: '每个评价等级只能设置一次', en: 'Each satisfaction level may be set once' },
  // the shared authorisation panels (lines, spaces)
  'grant.staffUnknown': { zh: '用户 {id} 不是本组织的员工', en: 'User {id} is not staff of your organisation' },
  'grant.orgUnknown': { zh: '组织 {id} 不存在', en: 'Organisation {id} not found' },
  'grant.orgIsOwner': {
    zh: '组织 {id} 是所属组织，无需授权',
    en: 'Organisation {id} owns it and needs no grant',
  },

  // spaces and ticket kinds as lines and chatbots point at them (tickets spec "Spaces", "Ticket kinds"; the shield
  // text is the spec's, the others ours)
  'space.kind.unknown': { zh: '工单模版 {id} 不存在', en: 'Ticket kind {id} not found' },
  'space.kinds.ticketOnly': { zh: '只有工单空间可以设置工单模版', en: 'Only ticket spaces have ticket kinds' },
  'space.typeFixed': { zh: '空间类型创建后不能修改', en: 'A space keeps the type it was created with' },
  'space.ticket.unknown': { zh: '工单空间 {id} 不存在', en: 'Ticket space {id} not found' },
  'space.quick.unknown': { zh: '快捷回复空间 {id} 不存在', en: 'Quick-reply space {id} not found' },
  'space.kb.unknown': { zh: '知识库 {id} 不存在', en: 'Knowledge base {id} not found' },
  'space.auth.orgPanelOwner': {
    zh: '只有空间所属组织可以修改组织授权',
    en: "Only the space's own organisation can change its organisation grants",
  },
  'ticketKind.shieldFirst': { zh: '请先屏蔽，再编辑工单模版', en: 'Deactivate the ticket kind before editing it' },
  // a kind's fields, states and nodes (tickets spec "Ticket kinds"; the node shield text is the spec's, the rest ours)
  'ticketKind.nodeShieldFirst': {
    zh: '请先屏蔽模版，再编辑模版节点',
    en: 'Deactivate the ticket kind before editing its nodes',
  },
  'ticketKind.attachmentFlag': { zh: '附件开关只能是 1 或 0', en: 'The attachment switch is 1 or 0' },
  'ticketKind.field.unknown': { zh: '自定义字段 {id} 不存在', en: 'Custom field {id} not found' },
  'ticketKind.state.unknown': { zh: '状态 {state} 不存在', en: 'State {state} not found' },
  'ticketKind.group.unknown': { zh: '工单组 {id} 不存在', en: 'Ticket group {id} not found' },
  'ticketKind.staff.unknown': { zh: '员工 {id} 不存在', en: 'Staff member {id} not found' },
  'ticketKind.node.otherKind': {
    zh: '节点 {id} 不属于该工单模版',
    en: 'Node {id} belongs to another ticket kind',
  },

  // a ticket kind's flow (contracts/src/tickets/ticket-flow.ts; '{state} 状态已经存在' and '请选择状态' are the spec's)
  'ticketFlow.stateDuplicate': { zh: '{state} 状态已经存在', en: 'The state {state} is already in the flow' },
  'ticketFlow.stateEmpty': { zh: '请选择状态', en: 'Please choose a state' },
  'ticketFlow.nodeStateUnknown': { zh: '状态 {state} 不在模版的状态流中', en: 'The state {state} is not in the flow' },
  'ticketFlow.nodeSameState': { zh: '起止状态不能相同', en: 'A node cannot start and end in the same state' },
  'ticketFlow.nodeDuplicatePair': {
    zh: '{from} → {to} 已有节点',
    en: 'There is already a node from {from} to {to}',
  },
  'ticketFlow.nodeHandlersRequired': { zh: '请选择处理人', en: 'Please choose the handlers' },
  'ticketFlow.nodeHandlersNotAllowed': {
    zh: '创建人、上一处理人类型不选择处理人',
    en: 'Creator and last-handler nodes take no handlers',
  },
  'ticketFlow.moveUnknownState': { zh: '状态不在模版的状态流中', en: 'That state is not in the ticket kind’s flow' },
  'ticketFlow.moveSameState': { zh: '工单已在该状态', en: 'The ticket is already in that state' },
  'ticketFlow.moveNotAllowed': {
    zh: '模版的状态流不允许这一步流转',
    en: 'The ticket kind’s flow does not allow this move',
  },

  // tickets themselves (ours: the spec shows no ticket screens; contracts/src/entities/ticket.ts)
  'ticket.titleRequired': { zh: '请填写工单标题', en: 'Please enter the ticket title' },
  'ticket.remarkRequired': { zh: '请填写备注', en: 'Please enter a remark' },
  'ticket.assignTarget': {
    zh: '请选择处理人或工单组（二选一）',
    en: 'Choose either a handler or a ticket group',
  },
  'ticket.field.required': { zh: '此项为必填项', en: 'This field is required' },
  'ticket.field.invalid': { zh: '取值不符合字段类型', en: 'The value does not fit the field type' },
  'ticket.field.phone': { zh: '电话号码格式不正确', en: 'Not a valid phone number' },
  'ticket.field.option': { zh: '选项 {value} 不存在', en: 'No such option: {value}' },
  'ticket.field.unknown': { zh: '工单模版没有字段 {id}', en: 'The ticket kind has no field {id}' },
  'ticket.kind.unknown': { zh: '工单模版 {id} 不存在', en: 'Ticket kind {id} not found' },
  'ticket.kind.inactive': {
    zh: '工单模版“{name}”未启用，不能新建工单',
    en: 'Ticket kind "{name}" is not active; no tickets can be opened from it',
  },
  'ticket.kind.noStates': {
    zh: '工单模版“{name}”还没有状态，不能新建工单',
    en: 'Ticket kind "{name}" has no states yet',
  },
  'ticket.attachmentRequired': { zh: '该工单模版须上传附件', en: 'This ticket kind needs an attachment' },
  'ticket.group.unknown': { zh: '工单组 {id} 不存在或未启用', en: 'Ticket group {id} not found or not active' },
  'ticket.staff.unknown': { zh: '员工 {id} 不存在', en: 'Staff member {id} not found' },
  'ticket.session.unknown': { zh: '会话 {id} 不存在', en: 'Session {id} not found' },
  'ticket.aiResult.unknown': { zh: '智能质检结果 {id} 不存在', en: 'AI result {id} not found' },
  'ticket.aiResult.notInSession': {
    zh: '智能质检结果 {id} 不属于会话 {sessionId}',
    en: 'AI result {id} is not of session {sessionId}',
  },
  'ticket.notHandler': {
    zh: '只有当前处理人可以处理该工单',
    en: 'Only the current handler can act on this ticket',
  },
  'ticket.notWaiting': { zh: '该工单已有处理人，不能认领', en: 'This ticket already has a handler' },
  'ticket.notMember': {
    zh: '只有工单组“{name}”的成员可以认领',
    en: 'Only members of the ticket group "{name}" can claim it',
  },
  'ticket.ended': { zh: '工单已结束', en: 'The ticket is resolved or closed' },

  // ticket states and ticket groups (tickets spec §5, §8: '系统状态不能修改' and '请设置处理人' are the spec's, the rest ours)
  'ticketState.systemLocked': { zh: '系统状态不能修改', en: 'System states cannot be changed' },
  'ticketState.codeFormat': {
    zh: '状态编码只能包含字母、数字和 _ -',
    en: 'A state code may hold only letters, digits, _ and -',
  },
  'ticketState.colorPreset': { zh: '请从预设颜色中选择', en: 'Please choose one of the preset colours' },
  'ticketState.codeFixed': { zh: '状态编码创建后不能修改', en: 'A state keeps the code it was created with' },
  'ticketState.groupFixed': {
    zh: '状态分组创建后不能修改',
    en: 'A state keeps the status group it was created with',
  },
  'ticketState.duplicateCode': { zh: '状态编码已被使用：{value}', en: 'State code already taken: {value}' },
  'ticketState.usedByKinds': {
    zh: '状态“{name}”正被工单模版使用，不能删除：{kinds}',
    en: 'The state "{name}" is used by ticket kinds and cannot be deleted: {kinds}',
  },
  'ticketGroup.staffRequired': { zh: '请设置处理人', en: 'Please set the processors' },
  'ticketGroup.capacityRange': {
    zh: '容量须为 0 到 1000 的整数',
    en: 'Capacity must be a whole number from 0 to 1000',
  },
  'ticketGroup.staffUnknown': { zh: '员工 {id} 不是本组织的员工', en: 'User {id} is not staff of your organisation' },

  // custom fields (tickets spec "Custom fields": the spec shows no field messages, these are ours)
  'field.codeFormat': {
    zh: '字段编码只能包含字母、数字和 _ -',
    en: 'A field code may hold only letters, digits, _ and -',
  },
  'field.duplicateCode': { zh: '字段编码已被使用：{value}', en: 'Field code already taken: {value}' },
  'field.typeFixed': { zh: '字段类型创建后不能修改', en: 'A field keeps the type it was created with' },
  'field.options.required': { zh: '请至少添加一个选项', en: 'Please add at least one option' },
  'field.option.labelRequired': { zh: '请填写选项名称', en: 'Please fill in the option label' },
  'field.option.valueRequired': { zh: '请填写选项值', en: 'Please fill in the option value' },
  'field.option.duplicateValue': { zh: '选项值重复：{value}', en: 'Duplicate option value: {value}' },
  // service-summary configs (online-service-config §5: 请输入名称 is the spec's, the others ours)
  'summary.nameRequired': { zh: '请输入名称', en: 'Please enter a name' },
  'summary.typeFixed': { zh: '服务小结类型创建后不能修改', en: 'A summary keeps the type it was created with' },
  'summary.field.unknown': { zh: '自定义字段 {id} 不存在', en: 'Custom field {id} not found' },
  'line.summary.unknown': { zh: '服务小结 {id} 不存在', en: 'Service summary {id} not found' },

  // navigations (online-service-config §3.7, §4, §5; 删除成功 and 未找到该节点 are the spec's, the others ours)
  'nav.typeOfKind': { zh: '{kind} 导航的类型应为 {type}', en: 'A {kind} navigation is of type {type}' },
  'nav.typeFixed': { zh: '导航类型创建后不能修改', en: 'A navigation keeps the type it was created with' },
  'nav.kindFixed': { zh: '导航种类创建后不能修改', en: 'A navigation keeps the kind it was created with' },
  'nav.config.notForKind': {
    zh: '该种类的导航不使用此配置',
    en: 'This kind of navigation does not use this configuration',
  },
  'nav.self.tabsMax': { zh: '标签最多 {maximum} 个', en: 'At most {maximum} tabs' },
  'nav.menu.oneLevel': { zh: '子菜单只能有一级', en: 'Sub-menus go one level deep only' },
  'nav.menu.notHere': { zh: '按钮不能设置子菜单', en: 'A button cannot open a sub-menu' },
  'nav.menu.subMenuRequired': { zh: '请添加子菜单', en: 'Add at least one sub-menu' },
  'nav.params.contentRequired': { zh: '请填写内容', en: 'Please enter the content' },
  'nav.params.urlRequired': { zh: '请填写链接', en: 'Please enter the link' },
  'nav.params.urlInvalid': {
    zh: '链接须为 http:// 或 https:// 开头的完整地址',
    en: 'The link must be a full http:// or https:// address',
  },
  'nav.params.feedRequired': { zh: '请选择资讯', en: 'Please choose a feed' },
  'nav.params.spaceRequired': { zh: '请选择知识库', en: 'Please choose a knowledge base' },
  'nav.icon.upload': { zh: '请上传图标图片', en: 'Please upload the icon image' },
  'nav.icon.tooLarge': { zh: '图标不能超过 {maximum} MB', en: 'The icon must not exceed {maximum} MB' },
  'nav.group.weightRange': { zh: '权重须在 0 到 100% 之间', en: 'A weight is from 0 to 100 %' },
  'nav.group.duplicate': { zh: '技能组 {id} 在该路由中重复', en: 'Skill group {id} is in this route twice' },
  'nav.group.routeIdDuplicate': { zh: '路由编号 {id} 重复', en: 'Route id {id} is used twice' },
  'nav.group.notOnline': { zh: '技能组 {id} 不是在线技能组', en: 'Skill group {id} is not an online group' },
  'nav.ivr.removed': { zh: '删除成功', en: 'Deleted' },
  'nav.ivr.nodeMissing': { zh: '未找到该节点', en: 'Node not found' },
  'nav.ivr.rootFixed': {
    zh: '满意度根节点不能删除',
    en: 'The satisfaction roots (InScore, OutScore) cannot be deleted',
  },
  'nav.ivr.tooDeep': { zh: 'IVR 节点最多 {maximum} 层', en: 'IVR nodes go at most {maximum} levels deep' },
  'nav.ivr.tooMany': { zh: 'IVR 节点最多 {maximum} 个', en: 'At most {maximum} IVR nodes' },
  'nav.unknown': { zh: '导航 {id} 不存在', en: 'Navigation {id} not found' },
  'nav.wrongKind': { zh: '导航 {id} 不是{kind}', en: 'Navigation {id} is not of kind {kind}' },
  'nav.boundToLines': {
    zh: '导航正被服务线路使用，不能删除：{lines}',
    en: 'The navigation is used by service lines and cannot be deleted: {lines}',
  },

  // the live feed (issue 20; ours: the spec shows no feed)
  'live.eventIdReserved': { zh: '事件编号不能以 desk: 开头（留给系统）', en: 'An eventId may not start with desk:' },
  'live.transferTarget': {
    zh: '请指定目标技能组或目标坐席',
    en: 'Name the target skill group or the target agent',
  },
  'live.transferOneTarget': {
    zh: '只能指定目标技能组或目标坐席之一',
    en: 'Name either a target skill group or a target agent, not both',
  },
  'live.sessionUnknown': { zh: '会话 {id} 尚未通过实时接入打开', en: 'Session {id} was not opened through the feed' },
  'live.sessionExists': { zh: '会话 {id} 已存在', en: 'Session {id} already exists' },
  'live.sessionClosed': { zh: '会话 {id} 已结束', en: 'Session {id} is closed' },
  'live.noAgentYet': {
    zh: '会话 {id} 还没有坐席接入，不能发送坐席消息',
    en: 'No agent has joined session {id} yet, so no agent message can be sent',
  },
  'live.messageExists': { zh: '消息 {id} 已在会话中', en: 'Message {id} is already in the session' },
  'live.lineUnknown': { zh: '服务线路 {id} 不存在或未启用', en: 'Service line {id} not found or not active' },
  'live.groupUnknown': { zh: '技能组 {id} 不存在或未启用', en: 'Skill group {id} not found or not active' },
  'live.agentUnknown': { zh: '坐席 {id} 不存在', en: 'Agent {id} not found' },
  'live.agentNotOnline': { zh: '坐席 {id} 不在线', en: 'Agent {id} is not online' },
  'live.agentFull': { zh: '坐席 {id} 已达接待上限', en: 'Agent {id} has reached his reception ceiling' },
  'live.sameAgent': { zh: '会话已由坐席 {id} 接待', en: 'Agent {id} already serves the session' },
  'live.modeOnlyOnline': { zh: '只有在线状态可以设置在线模式', en: 'Only ONLINE carries a mode' },
  // forced transfer (tickets spec §5, §8: the two target texts and 'transfer succeeded' are the spec's)
  'transfer.groupRequired': { zh: '请选择目标技能组', en: 'Please select the target skill group' },
  'transfer.agentRequired': { zh: '请选择目标坐席', en: 'Please select the target agent' },
  'transfer.succeeded': { zh: '转接成功', en: 'transfer succeeded' },
  'transfer.groupNotOffered': {
    zh: '技能组 {id} 不能接收该会话',
    en: 'Skill group {id} cannot take this chat',
  },
  'transfer.agentNotInGroup': { zh: '坐席 {id} 不在所选技能组', en: 'Agent {id} is not in the chosen skill group' },

  // people and roles (ours: the spec shows no user calls)
  'user.usernameFormat': {
    zh: '用户名只能包含字母、数字和 . _ - @',
    en: 'A user name may hold only letters, digits and . _ - @',
  },
  'user.passwordOnChange': {
    zh: '修改用户时不能改密码，请使用“重置密码”',
    en: 'A change does not set the password; use reset-password',
  },
  'user.duplicateUsername': { zh: '用户名已被使用：{value}', en: 'User name already taken: {value}' },
  'user.unknownRole': { zh: '角色 {value} 不存在', en: 'Role {value} not found' },
  'role.codeFormat': {
    zh: '角色编码只能包含字母、数字和 _ -',
    en: 'A role code may hold only letters, digits, _ and -',
  },
  'role.duplicateCode': { zh: '角色编码已被使用：{value}', en: 'Role code already taken: {value}' },
  'role.unknownPermission': { zh: '未知的权限：{value}', en: 'Unknown permission: {value}' },
});

export type MessageCode = keyof typeof MESSAGES;
export const MESSAGE_CODES = Object.keys(MESSAGES) as MessageCode[];

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code);
}

export type MessageParams = Readonly<Record<string, unknown>>;

/** The text of `code` in `lang` with `{placeholders}` filled from params (lists joined with ', '). */
export function formatMessage(code: MessageCode, lang: Lang, params: MessageParams = {}): string {
  const text = MESSAGES[code][lang];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  });
}
