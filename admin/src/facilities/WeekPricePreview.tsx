import { useMemo } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { currencySymbol, formatDateAs, moneyFormat } from '@courtside/browser';
import { clockTime, money } from '../common/format.ts';
import { ScreenReaderText } from '../common/ScreenReaderText.tsx';
import { cellAmountFormat, weekPricePreview, type CellKind } from './price-preview.ts';

/** How each kind of hour looks; peak hours are bold too, so colour is never the only sign. */
const LOOK: Record<CellKind, { bgcolor?: string; color?: string; fontWeight?: number }> = {
  peak: { bgcolor: '#ffe0b2', fontWeight: 700 },
  base: {},
  lower: { bgcolor: '#e3f2fd' },
  closed: { color: 'text.disabled' },
};
const WORDS: Record<CellKind, string> = { peak: 'peak', base: 'base price', lower: 'below the base price', closed: 'closed' };

/** For the form's empty time zone on a new facility: the preview's "today" and clock changes. */
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

// The day of the month alone keeps seven columns inside a phone's width; the full date is read out.
const dateParts = (date: string) => ({ weekday: formatDateAs(date, 'weekdayShort'), day: formatDateAs(date, 'day'), full: formatDateAs(date, 'fullNoYear') });

const Swatch = ({ kind, label }: { kind: CellKind; label: string }) => (
  <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
    <Box component="span" aria-hidden sx={{ ...LOOK[kind], width: 28, height: 18, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: 11, lineHeight: '16px', textAlign: 'center' }}>
      {kind === 'closed' ? '–' : ''}
    </Box>
    <span>{label}</span>
  </Box>
);

/**
 * The next 7 days' prices per hour, as the form stands (live, before saving), computed by the
 * domain's price function like the server's. Days are columns so a phone shows the whole week.
 */
export const WeekPricePreview = () => {
  const [pricePerHour, priceRules, openingHours, timezone] = useWatch({ name: ['pricePerHour', 'priceRules', 'openingHours', 'timezone'] }) as unknown[];
  const preview = useMemo(() => weekPricePreview({ pricePerHour, priceRules, openingHours, timezone }, browserZone), [pricePerHour, priceRules, openingHours, timezone]);
  const heading = (
    <Typography variant="subtitle2" component="h3" id="week-prices" sx={{ mt: 2, fontWeight: 600 }}>
      This week&apos;s prices
    </Typography>
  );
  if ('problem' in preview) {
    return (
      <Box sx={{ width: '100%' }}>
        {heading}
        <Typography variant="body2" color="text.secondary">
          {preview.problem}
        </Typography>
      </Box>
    );
  }
  const amount = cellAmountFormat(preview, moneyFormat().locale);
  const kinds = new Set(preview.rows.flatMap((r) => r.cells.map((c) => c.kind)));
  const { currency } = moneyFormat();
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      {heading}
      <Typography variant="body2" color="text.secondary">
        The 7 days from {dateParts(preview.dates[0]!).full}, per hour in {currencySymbol()} ({currency}), as the form stands: save to apply.
        {preview.skippedRules.length > 0 && ` Left out until complete: rule ${preview.skippedRules.join(', ')}.`}
      </Typography>
      <Box component="ul" aria-label="Legend" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, listStyle: 'none', p: 0, my: 1, fontSize: 13 }}>
        {kinds.has('peak') && <Swatch kind="peak" label="Peak: above the base price" />}
        <Swatch kind="base" label={`Base price, ${money(preview.baseCents / 100)}`} />
        {kinds.has('lower') && <Swatch kind="lower" label="Below the base price" />}
        {kinds.has('closed') && <Swatch kind="closed" label="Closed" />}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="week-prices" sx={{ tableLayout: 'fixed', minWidth: 300, '& th, & td': { px: 0.25, py: 0.4, textAlign: 'center', fontSize: 13, borderColor: 'divider' } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ width: 48 }}>
                Time
              </TableCell>
              {preview.dates.map((date) => {
                const { weekday, day, full } = dateParts(date);
                return (
                  <TableCell key={date} component="th" scope="col" sx={{ lineHeight: 1.2 }}>
                    <Box component="span" aria-hidden sx={{ display: 'block', fontWeight: 600 }}>
                      {weekday}
                    </Box>
                    <Box component="span" aria-hidden sx={{ display: 'block', fontSize: 11, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {day}
                    </Box>
                    <ScreenReaderText>{full}</ScreenReaderText>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row) => (
              <TableRow key={row.hour}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary', whiteSpace: { sm: 'nowrap' } }}>
                  {clockTime(row.hour)}
                </TableCell>
                {row.cells.map((cell, i) => (
                  <TableCell key={preview.dates[i]} sx={LOOK[cell.kind]}>
                    {cell.cents === undefined ? <span aria-hidden>–</span> : amount(cell.cents)}
                    {cell.kind !== 'base' && <ScreenReaderText>{` ${WORDS[cell.kind]}`}</ScreenReaderText>}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};
