import { Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { attachmentHref } from './email-content.ts';
import type { EmailAttachment } from './types.ts';

/** Each attached file by name, downloadable as it was attached (a booking's .ics opens in a calendar). */
export const EmailAttachments = ({ attachments }: { attachments: EmailAttachment[] }) => (
  <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
    {attachments.map((a) => (
      <Stack key={a.filename} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={attachmentHref(a)} download={a.filename} sx={{ textTransform: 'none' }}>
          {a.filename}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {a.contentType.split(';')[0]}
        </Typography>
      </Stack>
    ))}
  </Stack>
);
