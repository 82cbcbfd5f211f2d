import type { CensorBanOptionsInput, CensorFlag, CensorOperation, CensorTempType } from '@qcdesk/contracts';
import { censorBans } from '../db/schema/censor.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

interface DemoLibrary {
  readonly name: string;
  readonly flag: CensorFlag;
  readonly operation: CensorOperation;
  readonly tempType: CensorTempType;
  readonly words: readonly string[];
  readonly options: CensorBanOptionsInput;
}

/**
 * The demo desk's sensitive-word libraries, chosen on the STC-3 dialogues so the demo's QC results and log show real
 * hits (measured on the 4,090 sessions: the staff library hits 58 sessions, the customer one 211).
 * - Staff: what an agent never needs to ask for or offer — ID and card numbers, service passwords, codes, and
 *   contact off the platform (WeChat, QQ, private chat, remote control). STC-3 agents do ask for 服务密码 and QQ号.
 * - Customer: the engine's system list (abuse, threats, privacy and off-platform words), retained and reported, not
 *   masked or blocked: these are a record of what customers wrote. `妈妈的` is allowed, so `我妈妈的手机` is no abuse;
 *   one noise character inside a word is skipped (`傻.逼`).
 */
export const DEMO_CENSOR_LIBRARIES: readonly DemoLibrary[] = [
  {
    name: '坐席索要敏感信息与站外联系',
    flag: 'cs-agent',
    operation: 'REPORT',
    tempType: 'CUSTOM',
    words: [
      '身份证号',
      '服务密码',
      '验证码',
      '银行卡号',
      '加微信',
      '个人微信',
      'qq号',
      '加qq',
      'qq联系',
      '私聊',
      '私人号码',
      '远程协助',
    ],
    options: { skipNoise: 0, traditional: false, allowWords: [] },
  },
  {
    name: '客户辱骂与风险用语（系统词库）',
    flag: 'cs-customer',
    operation: 'REPORT',
    tempType: 'SYS_WORDS',
    words: [],
    options: { skipNoise: 1, traditional: true, allowWords: ['妈妈的'] },
  },
];

/** Both libraries, ACTIVE, before the sessions step: its import and its QC task scan with them. */
export async function seedDemoCensorLibraries({ db, organizationId, users }: DemoSeedContext): Promise<void> {
  await db.insert(censorBans).values(
    DEMO_CENSOR_LIBRARIES.map((library) => ({
      ...library,
      words: [...library.words],
      status: 'ACTIVE' as const,
      scopes: null,
      organizationId,
      creatorId: users.admin,
      creatorName: '系统管理员',
      modifierId: users.admin,
      modifierName: '系统管理员',
    })),
  );
}

demoSeeders.push({ step: 'censor-libraries', atomic: true, seed: seedDemoCensorLibraries });
