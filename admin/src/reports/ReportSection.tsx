import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import type { ReportName } from '@courtside/domain';
import type { ReportFilters } from './report-query.ts';
import { reportError, useCsvDownload, useReport, type Reports } from './useReport.ts';

interface Props<N extends ReportName> {
  name: N;
  title: string;
  /** What the figures count, under the title. */
  about: string;
  filters: ReportFilters;
  /** The figures, once loaded. */
  children: (report: Reports[N]) => ReactNode;
}

/**
 * One report in a card: its title, a "Download CSV" of the very same query, and its figures;
 * while it loads a placeholder, and when the API refuses the filters its reason (a 400 names the field).
 */
export function ReportSection<N extends ReportName>({ name, title, about, filters, children }: Props<N>) {
  const { data, error, isPending, isPlaceholderData } = useReport(name, filters);
  const csv = useCsvDownload(name, filters);
  const headingId = `report-${name}`;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={`report-${name}`} sx={{ mb: 2, minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
            <Typography variant="h6" component="h2" id={headingId}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {about}
            </Typography>
          </Box>
          <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={() => void csv.download()} disabled={csv.busy || Boolean(error)} aria-describedby={headingId}>
            Download CSV
          </Button>
        </Stack>
        {csv.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {csv.error}
          </Alert>
        )}
        {error ? (
          <Alert severity="error">{reportError(error)}</Alert>
        ) : isPending || !data ? (
          <Skeleton variant="rounded" height={240} />
        ) : (
          <Box sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isPlaceholderData}>
            {children(data)}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
