import { Anchor, Badge, Button, Grid, Group, LoadingOverlay, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ManualResultDetailAnswer } from '@qcdesk/contracts';
import { useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useLoad } from '../../../api/use-load';
import { useCan } from '../../../auth/session-store';
import { COMPLAINT_FILE } from '../../../entities/complaint';
import { MANUAL_RESULT_BASE, manualScoreText } from '../../../entities/manual-result';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { navigate } from '../../../router/router-store';
import { displayTime } from '../../../ui/display';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { ChatTranscript } from '../../../ui/transcript/ChatTranscript';
import { OpenTicketButton } from '../../ticket/OpenTicketButton';
import {
  AngleBlocks,
  groupNames,
  InfoTable,
  SchemePicker,
  Section,
  SessionInfo,
  useSessionMessages,
} from './detail-pieces';

/**
 * /qc/manual-result/detail?id={sessionId}: header, dialogue, manual score, basic info, session info, one block per
 * angle, the appraisals, and the Assess button (a PERSON scheme picker first when there are no angles yet). 申诉
 * (qc-complaint.edit, an assessed result without a pending complaint) opens the filing form.
 */
export function ManualResultDetail({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t } = useI18n();
  const can = useCan();
  const sessionId = location.query.id ?? '';
  const {
    data: result,
    error,
    loading,
    reload,
  } = useLoad(
    () => client.request<ManualResultDetailAnswer>({ path: `${MANUAL_RESULT_BASE}/detail`, query: { sessionId } }),
    [client, sessionId],
  );
  const [picking, setPicking] = useState(false);
  const messages = useSessionMessages(result ? sessionId : null, result?.chatId, result?.messages);

  const angles = result?.manualAngles ?? [];
  // one pending complaint per result at a time (the server refuses a second); only an assessed result has an id
  const pendingComplaint =
    result?.complaint?.status === 'PENDING' || (result?.complaints ?? []).some((c) => c.status === 'PENDING');
  const mayFile = can('qc-complaint.edit') && Boolean(result?.id) && !pendingComplaint;
  const assess = () => {
    if (angles.length === 0) {
      setPicking(true);
      return;
    }
    navigate('/qc/manual-result/assess', { id: sessionId, _modal: 'large' });
  };

  return (
    <Stack gap="md" pos="relative" mih={200}>
      <LoadingOverlay visible={loading} />
      <FormErrorBanner error={error} onRetry={reload} />
      {result && (
        <>
          <Group justify="space-between">
            <Group gap="sm">
              <Title order={4}>
                {result.id
                  ? t('manual.header.result', { id: result.id })
                  : t('manual.header.session', { id: sessionId })}
              </Title>
              <Badge size="lg" variant="light" data-testid="manual-score">
                {t('aiResult.manualScore')}: {manualScoreText(result)}
              </Badge>
            </Group>
            <Group gap="xs">
              {mayFile && (
                <Button
                  variant="default"
                  onClick={() =>
                    navigate(COMPLAINT_FILE, {
                      id: sessionId,
                      type: 'MANUAL',
                      _modal: location.query._modal ?? 'large',
                    })
                  }
                >
                  {t('complaint.file')}
                </Button>
              )}
              <OpenTicketButton sessionId={sessionId} modal={location.query._modal} />
              {can('qc-manual-result.edit') && <Button onClick={assess}>{t('manual.assess')}</Button>}
            </Group>
          </Group>
          <Grid>
            {result.chatId && (
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Section title="manual.dialogue">
                  <ScrollArea h={640} type="auto" offsetScrollbars>
                    <ChatTranscript messages={messages} highlights={[]} />
                  </ScrollArea>
                </Section>
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, md: result.chatId ? 7 : 12 }}>
              <Stack gap="sm">
                <Section title="manual.basicInfo">
                  <InfoTable
                    rows={[
                      { label: 'aiResult.id', value: result.id },
                      {
                        label: 'aiResult.scheme',
                        value: result.schemeId ? (
                          <Anchor
                            component="button"
                            type="button"
                            onClick={() =>
                              navigate('/qc/scheme/view', {
                                _index: 1,
                                id: result.schemeId,
                                targetType: 'PERSON',
                                _modal: 'large',
                              })
                            }
                          >
                            {result.schemeName ?? result.schemeId}
                          </Anchor>
                        ) : (
                          result.schemeName
                        ),
                      },
                      { label: 'aiResult.sessionId', value: result.sessionId },
                      { label: 'aiResult.agentName', value: result.name },
                      // the spec lists customerNick under 质检员; it is the customer's nickname, so it is named so,
                      // and 质检员 is who assessed the session (issue 15, defect 10)
                      { label: 'manual.customerNick', value: result.customerNick },
                      {
                        label: 'manual.inspector',
                        value: result.manualStatus === 'CHECKED' ? result.modifierName : null,
                      },
                      { label: 'aiResult.duration', value: result.duration },
                      { label: 'aiResult.sessionStart', value: displayTime(result.sessionBeginTime) },
                      { label: 'manual.inspectionTime', value: displayTime(result.resultTime) },
                      { label: 'aiResult.groups', value: groupNames(result.groups) },
                    ]}
                  />
                </Section>
                <Section title="manual.sessionInfo">
                  <SessionInfo
                    sessionId={sessionId}
                    canSeeRating={can('qc-manual-result.view') && Boolean(result.id)}
                    given={result.session}
                  />
                </Section>
                {angles.length === 0 ? (
                  <Text c="dimmed">{t('manual.noAngles')}</Text>
                ) : (
                  <AngleBlocks angles={angles} style={result.style} />
                )}
                <Section title="manual.appraisals">
                  {result.appraisals.length === 0 ? (
                    <Text c="dimmed">--</Text>
                  ) : (
                    <Stack gap={4}>
                      {result.appraisals.map((a) => (
                        <Text key={a.title} size="sm">
                          <Text span fw={600}>
                            {a.title}：
                          </Text>
                          {a.appraise ?? '--'}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Section>
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
      {picking && (
        <SchemePicker
          onClose={() => setPicking(false)}
          onPick={(scheme) => {
            setPicking(false);
            navigate('/qc/manual-result/assess', { id: sessionId, schemeId: scheme.id, _modal: 'large' });
          }}
        />
      )}
    </Stack>
  );
}
