import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useGetList, useRedirect } from 'react-admin';
import { useDebounced } from '../common/useDebounced.ts';
import type { UserRecord } from '../users/types.ts';
import { usersListPath } from './customer-search.ts';

/**
 * The app bar's customer search, loaded the first time it is opened: suggests customers by
 * name, email or phone as you type (GET /api/admin/users?filter={"q":...}, eight at most);
 * picking one opens their page, Enter without a pick opens the users list filtered by the text.
 */
export const CustomerSearchBox = ({ onClose }: { onClose: () => void }) => {
  const redirect = useRedirect();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const { data = [], isFetching } = useGetList<UserRecord>('users', { filter: { q }, pagination: { page: 1, perPage: 8 }, sort: { field: 'name', order: 'ASC' } }, { enabled: q.length > 0 });
  return (
    <Autocomplete<UserRecord, false, false, true>
      freeSolo
      autoHighlight={false}
      openOnFocus
      options={q ? data : []}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      inputValue={text}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_e, value) => {
        if (!value) return;
        if (typeof value === 'string') {
          if (value.trim()) redirect(usersListPath(value.trim()));
        } else redirect('show', 'users', value.id);
        setText('');
        onClose();
      }}
      onBlur={() => {
        if (!text) onClose();
      }}
      noOptionsText={q ? 'No customer matches' : 'Type a name, email or phone'}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {o.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[o.email, o.phone].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      sx={{ width: '100%' }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          size="small"
          placeholder="Search customers"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search customers' } }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose();
          }}
        />
      )}
    />
  );
};
