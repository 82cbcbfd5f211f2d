import { ActionIcon, Center, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconRotate2, IconRotateClockwise2, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/locale-store';

/** The image viewer of the spec's shared pieces (qc-area §9): zoom step 0.1, minimum 0.2, rotation by 90°, 900 wide. */
export const IMAGE_VIEWER = { zoomStep: 0.1, minScale: 0.2, maxScale: 5, rotateStep: 90, width: 900 } as const;

/** One decimal, so that ten steps of 0.1 land on whole numbers. */
const round = (n: number) => Math.round(n * 10) / 10;

export function zoomed(scale: number, direction: 1 | -1): number {
  return Math.min(
    IMAGE_VIEWER.maxScale,
    Math.max(IMAGE_VIEWER.minScale, round(scale + direction * IMAGE_VIEWER.zoomStep)),
  );
}

export interface ImageViewerProps {
  /** the image shown; null closes the viewer */
  src: string | null;
  onClose: () => void;
}

/** A modal showing one image with zoom in/out (buttons or the mouse wheel), rotate left/right and reset. */
export function ImageViewer({ src, onClose }: ImageViewerProps) {
  const t = useT();
  const [scale, setScale] = useState(1);
  const [rotation, setRotation] = useState(0);

  // every image opens at its natural size, upright
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when another image opens
  useEffect(() => {
    setScale(1);
    setRotation(0);
  }, [src]);

  const zoom = (direction: 1 | -1) => setScale((s) => zoomed(s, direction));
  const rotate = (direction: 1 | -1) => setRotation((r) => r + direction * IMAGE_VIEWER.rotateStep);

  return (
    <Modal opened={src !== null} onClose={onClose} size={IMAGE_VIEWER.width} title={t('transcript.image')} zIndex={300}>
      <Group justify="center" gap="xs" mb="sm">
        <Tooltip label={t('transcript.zoomOut')}>
          <ActionIcon
            variant="default"
            aria-label={t('transcript.zoomOut')}
            disabled={scale <= IMAGE_VIEWER.minScale}
            onClick={() => zoom(-1)}
          >
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" w={56} ta="center" data-testid="image-scale">
          {Math.round(scale * 100)}%
        </Text>
        <Tooltip label={t('transcript.zoomIn')}>
          <ActionIcon
            variant="default"
            aria-label={t('transcript.zoomIn')}
            disabled={scale >= IMAGE_VIEWER.maxScale}
            onClick={() => zoom(1)}
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('transcript.rotateLeft')}>
          <ActionIcon variant="default" aria-label={t('transcript.rotateLeft')} onClick={() => rotate(-1)}>
            <IconRotate2 size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('transcript.rotateRight')}>
          <ActionIcon variant="default" aria-label={t('transcript.rotateRight')} onClick={() => rotate(1)}>
            <IconRotateClockwise2 size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('transcript.resetView')}>
          <ActionIcon
            variant="default"
            aria-label={t('transcript.resetView')}
            onClick={() => {
              setScale(1);
              setRotation(0);
            }}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Center
        mih={400}
        style={{ overflow: 'auto' }}
        onWheel={(e) => {
          if (e.deltaY !== 0) zoom(e.deltaY < 0 ? 1 : -1);
        }}
      >
        {src !== null && (
          <img
            src={src}
            alt={t('transcript.image')}
            data-scale={scale}
            data-rotation={rotation}
            style={{
              maxWidth: '100%',
              transform: `scale(${scale}) rotate(${rotation}deg)`,
              transition: 'transform 120ms ease',
            }}
          />
        )}
      </Center>
    </Modal>
  );
}
