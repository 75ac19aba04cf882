import { Box } from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';

const pulse = keyframes`0% { opacity: 1; } 50% { opacity: 0.4; } 100% { opacity: 1; }`;

/**
 * Where content will be while it loads, drawn as MUI's <Skeleton variant="rounded"> (its grey,
 * its pulse) without the component's variants and wave animation, which the first screen would load.
 */
export const Placeholder = ({ height }: { height: number }) => (
  <Box aria-hidden sx={{ height, borderRadius: 1, bgcolor: (theme) => alpha(theme.palette.text.primary, 0.11), animation: `${pulse} 2s ease-in-out 0.5s infinite` }} />
);
