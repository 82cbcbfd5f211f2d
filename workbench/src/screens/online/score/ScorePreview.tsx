import { ActionIcon, Badge, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  SATISFACTION_SCORES,
  SatisfactionLevel,
  SCORE_LIMITS,
  type ScoreOnlineConfig,
  satisfactionLevelOf,
} from '@qcdesk/contracts';
import {
  IconMoodAngry,
  IconMoodEmpty,
  IconMoodHappy,
  IconMoodSad,
  IconMoodSmile,
  IconStar,
  IconStarFilled,
  type TablerIcon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';

/** The face of each level in the EMOJI style, 5 → 1. */
const FACES: Readonly<Record<number, TablerIcon>> = {
  5: IconMoodHappy,
  4: IconMoodSmile,
  3: IconMoodEmpty,
  2: IconMoodSad,
  1: IconMoodAngry,
};

/**
 * What a customer sees of the survey (spec §3.8 style): five stars (1 → 5, as a star rating reads) or five faces
 * (5 → 1), each named by its level; choosing one shows that level's tags, the "solved?" question and the suggestion
 * box as the config has them, and the reply the customer will get. Nothing here is saved.
 */
export function ScorePreview({ survey }: { survey: ScoreOnlineConfig }) {
  const { t, label } = useI18n();
  const [chosen, setChosen] = useState(5);
  const [suggestion, setSuggestion] = useState('');
  const level = satisfactionLevelOf(chosen);
  const tags = survey.tags.find((entry) => entry.score === chosen)?.tags ?? [];
  const reply = survey.replies.find((entry) => entry.score === chosen)?.reply ?? '';
  const order = survey.style === 'STAR' ? [...SATISFACTION_SCORES].reverse() : SATISFACTION_SCORES;

  return (
    <Paper withBorder p="md" radius="md" data-testid="score-preview" data-style={survey.style}>
      <Stack gap="sm" align="stretch">
        <Text fw={600} ta="center">
          {t('score.previewTitle')}
        </Text>
        <Group justify="center" gap={survey.style === 'STAR' ? 2 : 'xs'}>
          {order.map((score) => {
            const name = label(SatisfactionLevel, satisfactionLevelOf(score) ?? '');
            const Face = FACES[score] ?? IconMoodEmpty;
            const lit = survey.style === 'STAR' ? score <= chosen : score === chosen;
            const Icon = survey.style === 'STAR' ? (lit ? IconStarFilled : IconStar) : Face;
            return (
              <ActionIcon
                key={score}
                variant={survey.style === 'EMOJI' && lit ? 'light' : 'subtle'}
                color={lit ? 'orange' : 'gray'}
                size="lg"
                aria-label={name}
                aria-pressed={score === chosen}
                onClick={() => setChosen(score)}
              >
                <Icon size={survey.style === 'STAR' ? 22 : 26} />
              </ActionIcon>
            );
          })}
        </Group>
        <Text size="sm" c="dimmed" ta="center" data-testid="score-preview-level">
          {level ? label(SatisfactionLevel, level) : ''}
        </Text>
        {survey.tag && tags.length > 0 && (
          <Group gap={6} justify="center">
            {tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        {survey.resolved && (
          <Group justify="center" gap="xs">
            <Text size="sm">{t('score.previewResolved')}</Text>
            <Badge variant="light" tt="none">
              {t('score.previewYes')}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {t('score.previewNo')}
            </Badge>
          </Group>
        )}
        {survey.feedback && (
          <Textarea
            aria-label={t('score.previewFeedback')}
            placeholder={t('score.previewFeedback')}
            withAsterisk={survey.feedbackRequired}
            maxLength={SCORE_LIMITS.suggestionPreviewMax}
            value={suggestion}
            onChange={(e) => setSuggestion(e.currentTarget.value)}
            description={`${suggestion.length}/${SCORE_LIMITS.suggestionPreviewMax}`}
            rows={2}
          />
        )}
        {reply.trim() !== '' && (
          <Text size="xs" c="dimmed" data-testid="score-preview-reply">
            {t('score.previewReply', { reply })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
