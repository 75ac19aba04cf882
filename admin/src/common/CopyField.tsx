import { useState } from 'react';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import DoneIcon from '@mui/icons-material/Done';

/** A read-only value (a payment link, a booking's invite link) with a button that copies it; the text is selectable too, should the clipboard be refused. */
export const CopyField = ({ label, value, copyLabel = 'Copy link' }: { label: string; value: string; copyLabel?: string }) => {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      onFocus={(e) => e.target.select()}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? 'Copied' : copyLabel}>
                <IconButton onClick={() => void copy()} aria-label={copied ? 'Copied' : copyLabel} edge="end">
                  {copied ? <DoneIcon color="success" /> : <CopyIcon />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
