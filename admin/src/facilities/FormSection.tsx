import { Box, Divider, Typography } from '@mui/material';

/** A titled part of the facility form (Schedule, Pricing, Rules), with what it is for. */
export const Section = ({ title, hint }: { title: string; hint?: string }) => (
  <Box sx={{ width: '100%', mt: 2, mb: 1 }}>
    <Divider sx={{ mb: 2 }} />
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {hint && (
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    )}
  </Box>
);
