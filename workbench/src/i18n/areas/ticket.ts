/**
 * The ticket area as far as lines and chatbots point at it (tickets spec "Ticket spaces", "Ticket kinds"): spaces of
 * the three types and ticket kinds. The labels are ours; 工单模版 and 工单号前缀 follow the spec's words.
 */
export const ticketZh = {
  'nav.space': '空间',
  'nav.ticketKind': '工单模版',
  'space.title': '空间',
  'space.createTitle': '新建空间',
  'space.configTitle': '空间配置',
  'space.code': '编码',
  'space.intro': '简介',
  'space.kinds': '工单模版',
  'ticketKind.title': '工单模版',
  'ticketKind.createTitle': '新建工单模版',
  'ticketKind.configTitle': '工单模版配置',
  'ticketKind.code': '编码',
  'ticketKind.taskCode': '工单号前缀',
  'ticketKind.spaces': '所属空间',
  'ticketKind.creator': '创建人',
  'ticketKind.modifier': '修改人',
} as const;

export const ticketEn: Record<keyof typeof ticketZh, string> = {
  'nav.space': 'Spaces',
  'nav.ticketKind': 'Ticket kinds',
  'space.title': 'Spaces',
  'space.createTitle': 'New space',
  'space.configTitle': 'Space settings',
  'space.code': 'Code',
  'space.intro': 'Introduction',
  'space.kinds': 'Ticket kinds',
  'ticketKind.title': 'Ticket kinds',
  'ticketKind.createTitle': 'New ticket kind',
  'ticketKind.configTitle': 'Ticket kind settings',
  'ticketKind.code': 'Code',
  'ticketKind.taskCode': 'Ticket number prefix',
  'ticketKind.spaces': 'Spaces',
  'ticketKind.creator': 'Created by',
  'ticketKind.modifier': 'Changed by',
};
