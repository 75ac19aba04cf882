import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { DetailSection } from '../common/DetailSection.tsx';
import { Fact } from '../common/Fact.tsx';
import { EmailState } from '../common/StatusChip.tsx';
import { dateTime } from '../common/format.ts';
import { mailto } from '../common/mailto.ts';
import { EmailAttachments } from './EmailAttachments.tsx';
import { EmailBody } from './EmailBody.tsx';
import { Address } from './EmailFields.tsx';
import { EmailLinks } from './EmailLinks.tsx';
import { linksInText } from './email-content.ts';
import { RetryEmailButton } from './RetryEmailButton.tsx';
import { kindLabel } from './kinds.ts';
import { deliveryProblem, type EmailRecord } from './types.ts';

const Actions = () => (
  <TopToolbar>
    <ListButton label="All emails" />
    <RetryEmailButton />
  </TopToolbar>
);

const Title = () => {
  const e = useRecordContext<EmailRecord>();
  return <>{e ? `Email: ${e.subject}` : 'Email'}</>;
};

/** A short fact takes half a phone's width, a long one (an address, an id) all of it. */
const Header = ({ label, long = false, children }: { label: string; long?: boolean; children: ReactNode }) => (
  <Grid size={{ xs: long ? 12 : 6, sm: 6, md: 3 }}>
    <Fact label={label}>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Fact>
  </Grid>
);

/** The message's headers as staff need them: to whom, what, where it stands and why it failed. */
const Headers = ({ e }: { e: EmailRecord }) => (
  <Grid container spacing={3}>
    <Header label="To" long>
      <a href={mailto(e.recipient)}>
        <Address email={e.recipient} />
      </a>
    </Header>
    <Header label="Kind">{kindLabel(e.kind)}</Header>
    <Header label="State">
      <EmailState value={e.state} />
    </Header>
    <Header label="Attempts">{e.attempts}</Header>
    <Header label="Created">{dateTime(e.createdAt)}</Header>
    <Header label="Sent">{e.sentAt ? dateTime(e.sentAt) : 'Not yet'}</Header>
    {e.lastError && (
      <Grid size={{ xs: 12, md: 6 }}>
        <Fact label="Last error">
          <Typography variant="body2" color="error" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {e.lastError}
          </Typography>
        </Fact>
      </Grid>
    )}
    {/* Sent as the Message-ID <id@sender's domain>: what to look for in a relay's log. */}
    <Header label="Outbox id" long>
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {e.id}
      </Box>
    </Header>
  </Grid>
);

const Details = () => {
  const e = useRecordContext<EmailRecord>();
  if (!e) return null;
  const links = linksInText(e.text);
  const problem = deliveryProblem(e);
  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      {problem && (
        <Alert severity={problem.severity} sx={{ mb: 3 }}>
          {problem.text}
        </Alert>
      )}
      <Stack sx={{ mb: 3 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {e.subject}
        </Typography>
        <Typography color="text.secondary">
          {kindLabel(e.kind)} to <Address email={e.recipient} />
        </Typography>
      </Stack>
      <Headers e={e} />
      <DetailSection title="Message">
        <EmailBody email={e} />
      </DetailSection>
      {links.length > 0 && (
        // Inert in the preview (sandbox): here to open in a new tab or copy.
        <DetailSection title="Links in this email">
          <EmailLinks links={links} />
        </DetailSection>
      )}
      {e.attachments.length > 0 && (
        <DetailSection title="Attachments">
          <EmailAttachments attachments={e.attachments} />
        </DetailSection>
      )}
    </CardContent>
  );
};

export const EmailShow = () => (
  <Show actions={<Actions />} title={<Title />} component={Card}>
    <Details />
  </Show>
);
