import { useState } from 'react';
import { Box, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useCan } from '../common/useCan.ts';

/** The front desk's flows in a few lines each: what to click for what a customer asks (closing and series: managers). */
const TOPICS: [string, string, ('closures' | 'series')?][] = [
  ['Book a walk-in or a caller', 'Click free time in a facility (or New booking). Find the customer by name, email or phone, or choose Walk-in and type a name. Enter books, Esc closes.'],
  ['Take payment', 'Paid at desk records the money now and it shows in Payments. Pay later confirms the booking; press Mark paid on it when they pay. Send payment link holds the slot and gives you a link to copy.'],
  ['Move a booking', 'Drag it to another time or facility. If the move is refused (taken, closed, outside hours) the message says why and nothing changes. From the keyboard: open it, then Change time.'],
  ['Close a court', 'Close a facility (or Closures in the menu): pick facilities, start, end and a reason. If bookings are in the way you see them first and can cancel and refund them.', 'closures'],
  ['Weekly series', 'In the booking dialog tick Repeat weekly: every 1 or 2 weeks, a number of dates or a last date. Each date shows free or why not before you save; taken dates are skipped or stop the series. Weekly series in the menu lists them and cancels from a date on.', 'series'],
];

export const FrontDeskHelp = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const can = { closures: useCan('closures', 'create'), series: useCan('series', 'create') };
  const topics = TOPICS.filter(([, , needs]) => !needs || can[needs]);
  return (
    <>
      <Tooltip title="Front desk help">
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Front desk help" aria-haspopup="dialog">
          <HelpIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'front-desk-help', sx: { p: 2, maxWidth: 420 } } }}
      >
        <Typography id="front-desk-help" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          At the front desk
        </Typography>
        {topics.map(([title, text]) => (
          <Box key={title} sx={{ mb: 1.25 }}>
            <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
          </Box>
        ))}
      </Popover>
    </>
  );
};
