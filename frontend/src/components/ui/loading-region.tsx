import Box, { type BoxProps } from '@mui/material/Box';
import type { ReactNode } from 'react';

type Props = Omit<BoxProps, 'role' | 'aria-busy' | 'aria-label'> & {
  /** What is loading, read out by screen readers: "Loading members". */
  label: string;
  /** The placeholders (skeletons) drawn where the content will be. */
  children: ReactNode;
};

/**
 * The one way a part of a page shows that its data is loading: placeholders (skeletons) inside a
 * live region that is marked busy and named after what loads. Never a greyed control that can still
 * be used; browser tests wait for every busy region to be gone before they look at a page
 * (docs/testing.md).
 */
export function LoadingRegion({ label, children, ...box }: Props) {
  return (
    <Box role="status" aria-busy="true" aria-label={label} {...box}>
      {children}
    </Box>
  );
}
