import { type DictValue, defineDictionary } from './dictionary.js';

/**
 * A service line's channel (online-service-config §3.1 names type ONLINE; a hotline line, served by an IVR navigation
 * and hotline skill groups as the config screen's hotline section describes, is the second value, ours).
 */
export const LineType = defineDictionary('dict-line-type', {
  ONLINE: { zh: '在线', en: 'Online' },
  HOTLINE: { zh: '热线', en: 'Hotline' },
});
export type LineType = DictValue<typeof LineType>;

/** The navigation kinds a line binds (spec §3.1 navs.navKind). */
export const NavKind = defineDictionary('dict-nav-kind', {
  SELF: { zh: '自助导航', en: 'Self-service' },
  BOTTOM: { zh: '底部导航', en: 'Bottom bar' },
  SIDE: { zh: '侧边导航', en: 'Side bar' },
  GROUP: { zh: '技能组导航', en: 'Skill-group routing' },
  IVR: { zh: 'IVR 导航', en: 'IVR' },
});
export type NavKind = DictValue<typeof NavKind>;
/** the kinds a line may bind per service time ("time-divided", spec §2.1); the others bind one navigation */
export const TIME_DIVIDED_NAV_KINDS: readonly NavKind[] = ['GROUP', 'SELF'];
/** the kinds of the online section; IVR belongs to the hotline section */
export const ONLINE_NAV_KINDS: readonly NavKind[] = ['BOTTOM', 'SIDE', 'GROUP', 'SELF'];

/** A navigation's channel (online-service-config §3.7: type ONLINE or HOTLINE); IVR is the hotline kind. */
export const NavType = defineDictionary('dict-nav-type', {
  ONLINE: { zh: '在线', en: 'Online' },
  HOTLINE: { zh: '热线', en: 'Hotline' },
});
export type NavType = DictValue<typeof NavType>;
/** the type each kind belongs to: the four online kinds ONLINE, IVR HOTLINE (spec §2.7: the two lists) */
export const NAV_TYPE_OF_KIND: Readonly<Record<NavKind, NavType>> = {
  SELF: 'ONLINE',
  BOTTOM: 'ONLINE',
  SIDE: 'ONLINE',
  GROUP: 'ONLINE',
  IVR: 'HOTLINE',
};

/**
 * What a menu or button of a navigation does (spec §3.7: TEXT, LINK, SEND, AGENT, MENU; FEED and QA named by their
 * params). Labels ours.
 */
export const NavAction = defineDictionary('dict-nav-action', {
  TEXT: { zh: '回复文本', en: 'Reply with text' },
  LINK: { zh: '打开链接', en: 'Open a link' },
  SEND: { zh: '发送消息', en: 'Send a message' },
  AGENT: { zh: '转人工', en: 'Connect to an agent' },
  MENU: { zh: '子菜单', en: 'Sub-menu' },
  FEED: { zh: '资讯', en: 'Feed' },
  QA: { zh: '知识问答', en: 'Knowledge Q&A' },
});
export type NavAction = DictValue<typeof NavAction>;

/**
 * What a line does when no agent is online (agentConfig.offlineServe; spec §2.1 names HINT "shows a prompt text";
 * the other values and every label are ours).
 */
export const OfflineServe = defineDictionary('dict-line-offline-serve', {
  HINT: { zh: '提示访客', en: 'Show a prompt' },
  NOTE: { zh: '引导留言', en: 'Guide to leave a message' },
  QUEUE: { zh: '排队等待', en: 'Queue until an agent is online' },
});
export type OfflineServe = DictValue<typeof OfflineServe>;

/** What a line does when every agent is at capacity (agentConfig.overloadServe; spec names AGENT, the rest ours). */
export const OverloadServe = defineDictionary('dict-line-overload-serve', {
  QUEUE: { zh: '排队等待', en: 'Queue' },
  AGENT: { zh: '分配给指定坐席', en: 'Assign to a chosen agent' },
  NOTE: { zh: '引导留言', en: 'Guide to leave a message' },
});
export type OverloadServe = DictValue<typeof OverloadServe>;

/** Who an authorisation grant names (spec §2.1: the staff panel and the organisation panel). */
export const GrantMemberType = defineDictionary('dict-grant-member-type', {
  STAFF: { zh: '员工', en: 'Staff' },
  ORG: { zh: '组织', en: 'Organisation' },
});
export type GrantMemberType = DictValue<typeof GrantMemberType>;

/** Space types (spec §3.10): ticket spaces, quick-reply spaces, chatbot knowledge bases. */
export const SpaceType = defineDictionary('dict-space-type', {
  TICKET: { zh: '工单空间', en: 'Ticket space' },
  CS_QUICK: { zh: '快捷回复空间', en: 'Quick-reply space' },
  CS_KB: { zh: '知识库', en: 'Knowledge base' },
});
export type SpaceType = DictValue<typeof SpaceType>;

/** App types the line's owning-app selector lists (spec §7: "app unions (mode DEV, status ACTIVE, types FRONT and UNION)"). */
export const AppType = defineDictionary('dict-app-type', {
  FRONT: { zh: '前端应用', en: 'Front-end app' },
  UNION: { zh: '联合应用', en: 'App union' },
});
export type AppType = DictValue<typeof AppType>;
