import { useState, type ReactNode, type MouseEvent } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { Confirm } from 'react-admin';

export interface ConfirmButtonProps {
  label: string;
  /** The button's name when its label alone is one of several alike ("Remove" beside each player). */
  ariaLabel?: string;
  icon?: ReactNode;
  title: string;
  content: ReactNode;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'warning';
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** The action; the dialog stays open (busy) until it settles. */
  run: () => Promise<unknown>;
}

/**
 * A button that asks first, then runs one action. Clicks never reach the row behind it
 * (lists open a record on row click).
 */
export const ConfirmButton = ({ label, ariaLabel, icon, title, content, confirmLabel, confirmColor = 'primary', color = 'primary', variant = 'text', size = 'small', disabled, run }: ConfirmButtonProps) => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const stop = (e: MouseEvent) => e.stopPropagation();
  const confirm = async (e: MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <span onClick={stop}>
      <Button
        color={color}
        variant={variant}
        size={size}
        startIcon={icon}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        confirm={confirmLabel ?? label}
        cancel="Keep it"
        confirmColor={confirmColor}
        onConfirm={confirm}
        onClose={(e: MouseEvent) => {
          e.stopPropagation();
          setOpen(false);
        }}
      />
    </span>
  );
};
