import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { scrollRegionSx } from './step-section';

const cell = { whiteSpace: 'nowrap', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The file's first rows under its headers, scrolled sideways when wide (focusable, so the keyboard scrolls it too). */
export function FilePreview({ headers, sample }: { headers: readonly string[]; sample: readonly (readonly string[])[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id="import-preview-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        The first rows of the file
      </Typography>
      {sample.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The file has headers but no rows.
        </Typography>
      ) : (
        <TableContainer
          role="region"
          aria-labelledby="import-preview-heading"
          tabIndex={0}
          sx={{ ...scrollRegionSx, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Table size="small" aria-labelledby="import-preview-heading">
            <TableHead>
              <TableRow>
                {headers.map((h, i) => (
                  <TableCell key={i} sx={{ ...cell, fontWeight: 700 }} title={h}>
                    {h || `Column ${i + 1}`}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sample.map((row, r) => (
                <TableRow key={r}>
                  {headers.map((_, i) => (
                    <TableCell key={i} sx={cell} title={row[i] ?? ''}>
                      {row[i] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
