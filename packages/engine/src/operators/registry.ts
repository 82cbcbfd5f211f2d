import type { OperatorType } from '../rule/types.js';
import { excludeKeywords, hitAnyKeywords, includeKeywords, ncludeKeywords } from './keywords/keyword-operators.js';
import { abuseModel, customerCheckModel } from './models/model-operators.js';
import { regularExpression } from './regular-expression/regular-expression.js';
import { repeatDetect } from './repeat-detect/repeat-detect.js';
import { similarMatch } from './similar-match/similar-match.js';
import type { OperatorSpec } from './types.js';

/** Every operator type of the spec; typed so that a type without a spec fails to compile. */
export const OPERATORS: Record<OperatorType, OperatorSpec> = {
  HIT_ANY_KEYWORDS: hitAnyKeywords,
  INCLUDE_KEYWORDS: includeKeywords,
  NCLUDE_KEYWORDS: ncludeKeywords,
  EXCLUDE_KEYWORDS: excludeKeywords,
  SIMILAR_MATCH: similarMatch,
  REGULAR_EXPRESSION: regularExpression,
  ADVANCED_REPEAT_DETECT: repeatDetect,
  CUSTOMER_CHECK_MODEL: customerCheckModel,
  ABUSE_MODEL: abuseModel,
};
