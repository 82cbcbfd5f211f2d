import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of the corpus replay's report (its run results and its calibration alike). */
export function ReportSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}
