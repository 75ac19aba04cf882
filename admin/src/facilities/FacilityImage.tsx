import { useState } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { sportPlaceholder } from '@courtside/domain';

/**
 * A facility's photo; one that fails to load (a dead link) shows its sport's picture instead of
 * the browser's broken-image icon. The listener is React's, not an inline attribute the CSP refuses.
 */
export const FacilityImage = ({ url, sport, alt = '', sx }: { url: string; sport: string | undefined; alt?: string; sx?: SxProps<Theme> }) => {
  const [failed, setFailed] = useState<string>();
  return <Box component="img" src={failed === url ? sportPlaceholder(sport) : url} alt={alt} loading="lazy" onError={() => setFailed(url)} sx={sx} />;
};
