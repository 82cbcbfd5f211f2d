import { Input, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { LambdaType } from '@qcdesk/contracts';
import { lazy, Suspense } from 'react';
import { useI18n } from '../i18n/locale-store';
import type { RuleDraft } from './draft';
import { useFieldError, useProblem } from './problem-context';

const LambdaEditor = lazy(() => import('./LambdaEditor'));

interface Props {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  /** the expression editor is read-only (the segmented control is disabled by the caller's fieldset) */
  readOnly?: boolean;
}

/** ALL / ANY_ONE / ANY_ONE_NOT_MET, or a CUSTOM expression edited in Monaco with the compiler's markers. */
export function LambdaSection({ draft, onChange, readOnly = false }: Props) {
  const { t, label } = useI18n();
  const error = useFieldError('lambda');
  const problem = useProblem();
  const cids = draft.conditions.map((c) => c.cid);

  return (
    <Stack gap="xs" data-touch="lambda">
      <Text fw={500} size="sm">
        {t('cond.lambda')}
      </Text>
      <SegmentedControl
        w="fit-content"
        value={draft.lambdaType}
        data={LambdaType.values.map((value) => ({ value, label: label(LambdaType, value) }))}
        onChange={(value) =>
          onChange({
            ...draft,
            lambdaType: value as RuleDraft['lambdaType'],
            // start a CUSTOM expression from "all conditions", which the user then edits
            expression: value === 'CUSTOM' && draft.expression.trim() === '' ? cids.join(' && ') : draft.expression,
          })
        }
      />
      {draft.lambdaType === 'CUSTOM' && (
        <Input.Wrapper description={t('cond.lambdaHint')} error={error}>
          <div
            style={{
              border: `1px solid ${error ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`,
              borderRadius: 4,
              marginTop: 4,
            }}
          >
            <Suspense fallback={<Loader size="sm" m="xs" />}>
              <LambdaEditor
                value={draft.expression}
                cids={cids}
                readOnly={readOnly}
                problem={error ? { message: error, position: problem?.position } : null}
                onChange={(expression) => onChange({ ...draft, expression })}
              />
            </Suspense>
          </div>
        </Input.Wrapper>
      )}
    </Stack>
  );
}
