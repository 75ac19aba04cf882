import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useNotify } from 'react-admin';
import type { EmailLink } from './email-content.ts';

/** The clipboard is there in secure contexts only (https, localhost); elsewhere the address is still there to select. */
const canCopy = () => Boolean(navigator.clipboard) && window.isSecureContext;

/**
 * The links of the plain-text version, each to open in a new tab or copy: the preview's links
 * are inert (sandbox), and this is how a password-reset link is followed from the back office.
 * (Plain stacks, not MUI's List: its ListItemText would become a chunk the dashboard shares.)
 */
export const EmailLinks = ({ links }: { links: EmailLink[] }) => {
  const notify = useNotify();
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => notify('Link copied.', { type: 'info' }),
      () => notify('Could not copy the link; select it instead.', { type: 'warning' }),
    );
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 760 }}>
      {links.map(({ url, label }) => (
        <Stack component="li" key={url} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Stack sx={{ minWidth: 0, flex: 1 }}>
            {label && <Typography variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>}
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                {url}
              </a>
            </Typography>
          </Stack>
          {canCopy() && (
            <Tooltip title="Copy link">
              <IconButton size="small" aria-label={`Copy link${label ? `: ${label}` : ''}`} onClick={() => copy(url)}>
                <CopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ))}
    </Stack>
  );
};
