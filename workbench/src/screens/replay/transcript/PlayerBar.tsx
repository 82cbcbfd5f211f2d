import { ActionIcon, Group, SegmentedControl, Slider, Text, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerTrackNext, IconPlayerTrackPrev } from '@tabler/icons-react';
import type { Dispatch, ReactNode } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { type PlayerAction, type PlayerState, SPEEDS, type Speed } from '../../../replay/player';

/** Play, pause, step back and forward, scrub, and the speed (messages per second at 1× is one). */
export function PlayerBar({ player, dispatch }: { player: PlayerState; dispatch: Dispatch<PlayerAction> }) {
  const { t } = useI18n();
  const { step, count, playing } = player;
  const none = count === 0;
  const control = (label: string, icon: ReactNode, action: PlayerAction, disabled: boolean) => (
    <Tooltip label={label}>
      <ActionIcon variant="light" size="lg" aria-label={label} disabled={disabled} onClick={() => dispatch(action)}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap="sm" wrap="nowrap" data-testid="replay-player">
      {control(t('replay.player.back'), <IconPlayerTrackPrev size={18} />, { type: 'back' }, none || step === 0)}
      {playing
        ? control(t('replay.player.pause'), <IconPlayerPause size={18} />, { type: 'pause' }, none)
        : control(t('replay.player.play'), <IconPlayerPlay size={18} />, { type: 'play' }, none)}
      {control(
        t('replay.player.forward'),
        <IconPlayerTrackNext size={18} />,
        { type: 'forward' },
        none || step >= count - 1,
      )}
      <Slider
        thumbLabel={t('replay.player.scrub')}
        style={{ flex: 1 }}
        min={1}
        max={Math.max(2, count)}
        step={1}
        value={none ? 1 : step + 1}
        disabled={count < 2}
        label={(v) => t('replay.player.at', { step: v, count })}
        onChange={(v) => dispatch({ type: 'seek', step: v - 1 })}
      />
      <Text size="sm" w={130} ta="right" data-testid="replay-position">
        {none ? '—' : t('replay.player.at', { step: step + 1, count })}
      </Text>
      <SegmentedControl
        aria-label={t('replay.player.speed')}
        size="xs"
        value={String(player.speed)}
        onChange={(v) => dispatch({ type: 'speed', speed: Number(v) as Speed })}
        data={SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
      />
    </Group>
  );
}
