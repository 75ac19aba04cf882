import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { previewDocument } from './email-content.ts';
import type { EmailRecord } from './types.ts';

const VERSIONS = [
  { id: 'html', label: 'As sent (HTML)' },
  { id: 'text', label: 'Plain text' },
] as const;
type Version = (typeof VERSIONS)[number]['id'];

/**
 * The message as its recipient reads it: the HTML in a frame sandboxed with no permissions
 * (no scripts, no forms, no popups, an origin of its own, so nothing in a message can act as
 * staff), or the plain-text version.
 */
export const EmailBody = ({ email }: { email: EmailRecord }) => {
  const [shown, setShown] = useState<Version>('html');
  return (
    <Box>
      <Tabs value={shown} onChange={(_e, v: Version) => setShown(v)} aria-label="Version of the email" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {VERSIONS.map((v) => (
          <Tab key={v.id} value={v.id} label={v.label} id={`email-tab-${v.id}`} aria-controls={`email-panel-${v.id}`} sx={{ textTransform: 'none' }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`email-panel-${shown}`} aria-labelledby={`email-tab-${shown}`}>
        {shown === 'html' ? (
          <Box
            component="iframe"
            title={`Email: ${email.subject}`}
            sandbox=""
            srcDoc={previewDocument(email.html, email.attachments)}
            sx={{ display: 'block', width: '100%', maxWidth: 760, height: 460, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        ) : (
          <Box
            component="pre"
            sx={{ m: 0, p: 2, maxWidth: 760, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', font: 'inherit', fontSize: 14, bgcolor: 'background.default', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {email.text}
          </Box>
        )}
      </Box>
    </Box>
  );
};
