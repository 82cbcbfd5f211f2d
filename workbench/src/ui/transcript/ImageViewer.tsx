import { ActionIcon, Box, Group, Modal, Text, Tooltip } from '@mantine/core';
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

/**
 * The box a picture of `width` × `height` takes once scaled and turned by `rotation` degrees: a quarter turn swaps its
 * sides. CSS transforms take no room of their own, so the viewer lays the picture out in this box to keep a turned or
 * enlarged picture from being cut off.
 */
export function turnedBox(width: number, height: number, scale: number, rotation: number) {
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return { width: (quarter ? height : width) * scale, height: (quarter ? width : height) * scale };
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
  // the picture's size as laid out upright at scale 1
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  // every image opens at its natural size, upright
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when another image opens
  useEffect(() => {
    setScale(1);
    setRotation(0);
    setSize(null);
  }, [src]);
  const box = size && turnedBox(size.width, size.height, scale, rotation);

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
      <Box
        mih={400}
        mah="70vh"
        // margin auto centres the picture while it fits and, unlike centring, leaves all of it reachable by scrolling
        style={{ display: 'flex', overflow: 'auto' }}
        onWheel={(e) => {
          if (e.deltaY !== 0) zoom(e.deltaY < 0 ? 1 : -1);
        }}
      >
        {src !== null && (
          <div
            data-testid="image-box"
            style={{
              position: 'relative',
              flex: 'none',
              margin: 'auto',
              width: box?.width,
              height: box?.height,
              transition: 'width 120ms ease, height 120ms ease',
            }}
          >
            <img
              src={src}
              alt={t('transcript.image')}
              data-scale={scale}
              data-rotation={rotation}
              onLoad={(e) => {
                const img = e.currentTarget;
                setSize({ width: img.offsetWidth, height: img.offsetHeight });
              }}
              style={{
                maxWidth: IMAGE_VIEWER.width - 40,
                display: 'block',
                // upright and unscaled in the layout, centred in the turned box
                ...(box && size
                  ? {
                      position: 'absolute',
                      left: (box.width - size.width) / 2,
                      top: (box.height - size.height) / 2,
                    }
                  : {}),
                transform: `scale(${scale}) rotate(${rotation}deg)`,
                transition: 'transform 120ms ease',
              }}
            />
          </div>
        )}
      </Box>
    </Modal>
  );
}
