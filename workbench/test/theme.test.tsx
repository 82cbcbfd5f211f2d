import { MantineProvider, Modal, ScrollArea, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme';

/** A select with the console's theme and what it holds. */
function StatusPick() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select label="状态" data={['启用', '停用']} value={value} onChange={setValue} />
      <output data-testid="value">{value ?? '(none)'}</output>
    </>
  );
}

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

  it('keeps the chosen option of a select when it is clicked again (issue 15, defect 10)', async () => {
    render(
      <MantineProvider env="test" theme={theme}>
        <StatusPick />
      </MantineProvider>,
    );
    const pick = async () => {
      await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
      await userEvent.click(await screen.findByRole('option', { name: '启用' }));
    };
    await pick();
    expect(screen.getByTestId('value').textContent).toBe('启用');
    await pick();
    expect(screen.getByTestId('value').textContent).toBe('启用');
  });
});
