import type { Evidence } from '../../explain/evidence.js';
import type { Selection } from '../../match/select-sentences.js';
import type { SessionContext } from '../../match/session-context.js';
import { LABEL_THRESHOLD } from '../../models/model-provider.js';
import { ABUSE_MODEL_LABELS, CUSTOMER_CHECK_LABELS, type ModelOperatorType, type Role } from '../../rule/types.js';
import { type OperatorSpec, outcome } from '../types.js';

function modelOperator(task: ModelOperatorType, labels: readonly string[], role: Role): OperatorSpec {
  return {
    compile(param, header, reader, path) {
      const list = reader.array(param.types, `${path}.types`);
      const types: string[] = [];
      list.forEach((item, i) => {
        const label = reader.string(item, `${path}.types[${i}]`);
        if (!labels.includes(label)) {
          throw reader.fail(
            'MODEL_TYPE_UNKNOWN',
            `${path}.types[${i}]`,
            `未知的检测类型“${label}”，可选：${labels.join('、')}`,
            `unknown detection type '${label}'; expected one of ${labels.join(', ')}`,
          );
        }
        if (!types.includes(label)) types.push(label);
      });
      if (types.length === 0) {
        throw reader.fail(
          'MODEL_TYPES_EMPTY',
          `${path}.types`,
          '请至少选择一个检测类型',
          'choose at least one detection type',
        );
      }
      /** The labelled messages of the selection; null when there is none. */
      const find = (context: SessionContext, selection: Selection): Evidence[] | null => {
        let evidence: Evidence[] | null = null;
        for (const i of selection.indices) {
          const text = context.sentences[i]!.text;
          if (text === null || text.trim() === '') continue;
          for (const { label, confidence } of context.labels(task, i)) {
            if (confidence < LABEL_THRESHOLD || !types.includes(label)) continue;
            evidence ??= [];
            evidence.push({
              message: i,
              start: 0,
              end: text.length,
              text,
              operator: header.type,
              operatorIndex: header.index,
              label,
              confidence,
            });
          }
        }
        return evidence;
      };
      return {
        ...header,
        forcedRole: role,
        requiredKeywords: null,
        param: { types },
        evaluate(context, selection) {
          const evidence = find(context, selection);
          return outcome(header, evidence !== null, evidence ?? []);
        },
        decide: find,
      };
    },
  };
}

/** CUSTOMER_CHECK_MODEL: labels customer messages; the condition's role is forced to CUSTOMER. */
export const customerCheckModel = modelOperator('CUSTOMER_CHECK_MODEL', CUSTOMER_CHECK_LABELS, 'CUSTOMER');
/** ABUSE_MODEL: labels agent messages; the condition's role is forced to AGENT. */
export const abuseModel = modelOperator('ABUSE_MODEL', ABUSE_MODEL_LABELS, 'AGENT');
