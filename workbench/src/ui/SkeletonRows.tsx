import { Skeleton, Table } from '@mantine/core';

/** Bar widths that vary by cell, so the placeholder reads as rows of text rather than a grid. */
const WIDTHS = ['70%', '90%', '55%', '80%', '65%'];

/**
 * Grey placeholder rows while a list loads for the first time: the table keeps its shape and the user sees that
 * rows are coming, instead of an empty table under a spinner.
 */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
    <Table.Tr key={row} data-skeleton-row aria-hidden>
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Table.Td key={column}>
          <Skeleton height={12} radius="sm" width={WIDTHS[(row + column) % WIDTHS.length]} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
