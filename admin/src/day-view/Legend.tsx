import { Box, Stack, Typography } from '@mui/material';
import { legend } from './look.ts';

/** What each colour in the grid means. */
export const Legend = () => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
    {legend.map((item) => (
      <Stack key={item.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box sx={{ width: 18, height: 14, borderRadius: 0.5, ...item.sx }} />
        <Typography variant="caption" color="text.secondary">
          {item.label}
        </Typography>
      </Stack>
    ))}
  </Stack>
);
