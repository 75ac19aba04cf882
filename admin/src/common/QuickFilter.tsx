import { Chip } from '@mui/material';

/**
 * A filter that is on or off, as in react-admin's demo: picking it under "Add filter" sets
 * `source` to `defaultValue`; removing the chip clears it.
 */
export const QuickFilter = ({ label }: { source: string; label: string; defaultValue: unknown }) => <Chip sx={{ mb: 1 }} label={label} />;
