import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { modelLabel, OperatorType } from '@qcdesk/contracts';
import type { WhyNot, WhyNotStage } from '@qcdesk/engine';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';

/** The interface's name of each stage that can rule a condition out (a missing stage fails to compile). */
export const STAGE_LABELS: Record<WhyNotStage, MessageKey> = {
  ANCHOR_NOT_HIT: 'replay.whyNot.ANCHOR_NOT_HIT',
  ANCHOR_NTH_MISSING: 'replay.whyNot.ANCHOR_NTH_MISSING',
  ANCHOR_REGION_EMPTY: 'replay.whyNot.ANCHOR_REGION_EMPTY',
  ROLE: 'replay.whyNot.ROLE',
  RANGE: 'replay.whyNot.RANGE',
  NO_TEXT: 'replay.whyNot.NO_TEXT',
  OPERATOR: 'replay.whyNot.OPERATOR',
};

/**
 * Why a condition did not hit: the stage that ruled it out, the engine's sentence about it, and for the operator stage
 * what came closest (keywords found and missing, the best similarity, the regex tried, the labels looked for).
 */
export function WhyNotView({ reason }: { reason: WhyNot }) {
  const { t, pick, label, locale } = useI18n();
  const miss = reason.nearestMiss;
  // the operator by the name the rule editor gives it, not its type code (the engine's own sentence names the code,
  // so it is not shown, not even as a tooltip)
  const sentence =
    reason.stage === 'OPERATOR' && miss
      ? t('replay.whyNot.operatorMiss', { operator: label(OperatorType, miss.operator), count: miss.messagesTried })
      : pick(reason);
  return (
    <Stack gap={4} data-why-not={reason.stage}>
      <Text size="sm">
        <Text span fw={600} c="orange.8">
          {t('replay.whyNot.title', { stage: t(STAGE_LABELS[reason.stage]) })}
        </Text>{' '}
        — {sentence}
      </Text>
      {miss && (
        <Group gap={6}>
          <Words testId="why-not-found" label={t('replay.whyNot.found')} words={miss.found} color="green" />
          <Words testId="why-not-missing" label={t('replay.whyNot.missing')} words={miss.missing} color="red" />
          <Words
            testId="why-not-labels"
            label={t('replay.whyNot.labels')}
            words={miss.labels?.map((code) => modelLabel(code, locale))}
            color="gray"
          />
          {miss.bestSimilarity && (
            <Text size="xs" data-testid="why-not-similarity">
              {t('replay.whyNot.similarity', {
                percent: miss.bestSimilarity.percent,
                threshold: miss.threshold ?? '',
                message: miss.bestSimilarity.message + 1,
              })}
            </Text>
          )}
          {miss.pattern !== undefined && (
            <Text size="xs">
              {t('replay.whyNot.pattern')} <Code>{miss.pattern}</Code>
              {miss.notPattern ? (
                <>
                  {' '}
                  {t('replay.whyNot.notPattern')} <Code>{miss.notPattern}</Code>
                </>
              ) : null}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** A labelled row of words as badges (keywords found or missing, the labels looked for); nothing when there are none. */
function Words(props: { testId: string; label: string; words: readonly string[] | undefined; color: string }) {
  if (props.words === undefined || props.words.length === 0) return null;
  return (
    <Group gap={4} data-testid={props.testId}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      {props.words.map((word) => (
        <Badge key={word} size="sm" color={props.color} variant="light" tt="none">
          {word}
        </Badge>
      ))}
    </Group>
  );
}
