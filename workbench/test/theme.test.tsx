import { MantineProvider, Modal, ScrollArea } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';

describe('console theme', () => {
  it('keeps a scroll area inside a modal in its own stacking context, so its scrollbar stays under the title bar', async () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <Modal opened onClose={() => {}} title="标题">
          <ScrollArea h={100} type="always" data-testid="inner">
            <div style={{ height: 400 }}>对话</div>
          </ScrollArea>
        </Modal>
      </MantineProvider>,
    );
    // Mantine gives scrollbars inside a modal z-index 1001, over the sticky header's 1000: isolated, that z-index
    // only orders the scrollbar within its own scroll area
    expect((await screen.findByTestId('inner')).style.isolation).toBe('isolate');
  });
});
