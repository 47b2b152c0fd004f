import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ColumnMapping } from '../lib/mapping';
import type { ImportFieldDto, ImportIssueDto } from '../lib/types';
import { scrollRegionSx } from './step-section';

/** How many problems the page lists; the report (CSV) has every one. */
export const SHOWN_ISSUES = 100;

type Props = {
  issues: readonly ImportIssueDto[];
  fields: readonly ImportFieldDto[];
  /** The mapping checked: names the column a field was read from. */
  mapping: ColumnMapping;
};

/** The dry run's problems, row by row: errors keep a row out, warnings do not. */
export function IssuesTable({ issues, fields, mapping }: Props) {
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  return (
    <TableContainer role="region" aria-label="Problems found, scrollable" tabIndex={0} sx={scrollRegionSx}>
      <Table size="small" aria-label="Problems found" sx={{ minWidth: 600 }}>
        <TableHead>
          <TableRow>
            <TableCell align="right">Row</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>Problem</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {issues.slice(0, SHOWN_ISSUES).map((issue, i) => {
            const column = issue.field ? mapping[issue.field] : '';
            return (
              <TableRow key={`${issue.line}-${issue.field}-${i}`}>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' }}>
                  {issue.line}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', minWidth: 120 }}>
                  {issue.field ? labelOf(issue.field) : '—'}
                  {column ? (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                      {`column “${column}”`}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere', maxWidth: 240 }}>
                  {issue.value ? issue.value : <Typography component="span" variant="body2" color="text.secondary">(empty)</Typography>}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', minWidth: 200 }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={issue.warning ? 'warning' : 'error'}
                    label={issue.warning ? 'Warning' : 'Error'}
                    sx={{ mr: 1, mb: 0.5 }}
                  />
                  {issue.message}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
