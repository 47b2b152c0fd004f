import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';

export type TabItem = { value: string; label: string; content: ReactNode };

/** Accessible tabs: each tab controls its panel; only the selected panel is rendered. */
export function SimpleTabs({ id, items, label, initial }: { id: string; items: TabItem[]; label: string; initial?: string }) {
  const [value, setValue] = useState(initial ?? items[0]?.value);
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={value}
          onChange={(_, v: string) => setValue(v)}
          aria-label={label}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {items.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} id={`${id}-tab-${t.value}`} aria-controls={`${id}-panel-${t.value}`} />
          ))}
        </Tabs>
      </Box>
      {items.map((t) =>
        t.value === value ? (
          <Box key={t.value} role="tabpanel" id={`${id}-panel-${t.value}`} aria-labelledby={`${id}-tab-${t.value}`} sx={{ pt: 3 }}>
            {t.content}
          </Box>
        ) : null,
      )}
    </Box>
  );
}
