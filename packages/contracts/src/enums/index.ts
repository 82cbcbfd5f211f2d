import { AiProvider, ChatbotMode } from './bots.js';
import {
  CensorCategory,
  CensorFlag,
  CensorOperation,
  CensorTempType,
  MessageKind,
  SenderRole,
  SessionParty,
  SessionStatus,
  SummaryFieldType,
} from './chat.js';
import { ActiveStatus, Deleted, ModalSize, QuickDate, ScoreSortKey, SortDirection } from './common.js';
import { AgentMode, AgentStatus, DeskAssign, GroupType } from './desk.js';
import type { Dictionary } from './dictionary.js';
import {
  AppType,
  GrantMemberType,
  LineType,
  NavAction,
  NavKind,
  NavType,
  OfflineServe,
  OverloadServe,
  SpaceType,
} from './line.js';
import {
  AbuseModelLabel,
  AiResultTimeBy,
  AnchorLocation,
  CheckRole,
  CompareOperator,
  ComplaintApproveStatus,
  ComplaintStatus,
  ComplaintStatusFilter,
  ComplaintTimeBy,
  ComplaintType,
  CustomerCheckLabel,
  LambdaType,
  ManualResultTimeBy,
  ManualStatusFilter,
  ModelType,
  OperatorType,
  QcResultStatus,
  QualityStatusMove,
  RangeSelect,
  RuleScoreType,
  RuleType,
  SchemeType,
  ScoringStyle,
  TargetType,
} from './qc.js';
import { AgentVisibility, SatisfactionLevel, ScoreConfigType, ScoreStyle, ScoreValidDays } from './score.js';
import { QcTaskType } from './task.js';
import { NodeHandlerType, TicketRouteType, TicketStatusGroup } from './ticket.js';

export * from './bots.js';
export * from './chat.js';
export * from './common.js';
export * from './desk.js';
export * from './dictionary.js';
export * from './line.js';
export * from './qc.js';
export * from './score.js';
export * from './task.js';
export * from './ticket.js';

/** Every dictionary by its code, for screens that load a dictionary by name. */
export const DICTIONARIES: Readonly<Record<string, Dictionary<string>>> = Object.fromEntries(
  [
    Deleted,
    ActiveStatus,
    QuickDate,
    SortDirection,
    ScoreSortKey,
    ModalSize,
    TargetType,
    SchemeType,
    RuleType,
    ScoringStyle,
    CompareOperator,
    RuleScoreType,
    OperatorType,
    ModelType,
    CustomerCheckLabel,
    AbuseModelLabel,
    LambdaType,
    CheckRole,
    AnchorLocation,
    RangeSelect,
    QcResultStatus,
    ManualStatusFilter,
    QualityStatusMove,
    ComplaintStatus,
    ComplaintApproveStatus,
    ComplaintStatusFilter,
    ComplaintType,
    AiResultTimeBy,
    ManualResultTimeBy,
    ComplaintTimeBy,
    SenderRole,
    CensorOperation,
    CensorFlag,
    CensorTempType,
    CensorCategory,
    MessageKind,
    SessionStatus,
    SessionParty,
    SummaryFieldType,
    QcTaskType,
    TicketStatusGroup,
    NodeHandlerType,
    TicketRouteType,
    DeskAssign,
    GroupType,
    AgentStatus,
    AgentMode,
    AiProvider,
    ChatbotMode,
    LineType,
    NavKind,
    NavType,
    NavAction,
    OfflineServe,
    OverloadServe,
    GrantMemberType,
    SpaceType,
    AppType,
    SatisfactionLevel,
    ScoreStyle,
    ScoreConfigType,
    ScoreValidDays,
    AgentVisibility,
  ].map((d) => [d.code, d as unknown as Dictionary<string>]),
);
