import { createTheme, ScrollArea, Select } from '@mantine/core';

/** The console's Mantine theme. */
export const theme = createTheme({
  components: {
    // Mantine lifts every scrollbar inside a modal above the modal's sticky title bar (z-index 1001 over 1000), which
    // is right for the modal's own scroll but draws a transcript's scrollbar over the title once the modal scrolls.
    // Each scroll area keeps its scrollbar in a stacking context of its own, under the title bar.
    ScrollArea: ScrollArea.extend({ styles: { root: { isolation: 'isolate' } } }),
    // a click on the chosen option keeps it (issue 15, defect 10); a clearable select clears with its ×
    Select: Select.extend({ defaultProps: { allowDeselect: false } }),
  },
});
