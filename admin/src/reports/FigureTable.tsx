import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';

export interface Column<R> {
  label: string;
  value: (row: R) => ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
  /** Names (a facility's, a customer's) may wrap; figures and periods stay on one line. */
  wraps?: boolean;
}

interface Props<R> {
  label: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** The total line, in the columns' order. */
  total?: ReactNode[];
}

/** A report's figures as a table, the numbers the CSV file has; scrolls sideways on a phone (by keyboard too: it takes focus). */
export function FigureTable<R>({ label, columns, rows, rowKey, total }: Props<R>) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={label}>
      <Table size="small" aria-label={label} sx={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td.wraps': { whiteSpace: 'normal', minWidth: 140 }, '& tfoot td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'} className={c.wraps ? 'wraps' : undefined} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {c.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {total && (
          <TableFooter>
            <TableRow>
              {total.map((cell, i) => (
                <TableCell key={columns[i]?.label ?? i} align={columns[i]?.numeric ? 'right' : 'left'} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </Box>
  );
}
