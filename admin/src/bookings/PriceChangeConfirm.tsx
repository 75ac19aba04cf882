import type { MouseEvent } from 'react';
import type { PriceChangeDto } from '@courtside/contracts';
import { Confirm } from 'react-admin';
import { money } from '../common/format.ts';
import { priceChangeText } from './price-change.ts';

/** Asks staff to confirm a move that changes the booking's price, saying what it means for the money. */
export const PriceChangeConfirm = ({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  change: PriceChangeDto | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Confirm
    isOpen={change !== undefined}
    loading={busy}
    title="Move at the new price?"
    content={change ? priceChangeText(change, money) : ''}
    confirm="Move booking"
    cancel="Keep it where it is"
    onConfirm={(e: MouseEvent) => {
      e.stopPropagation();
      onConfirm();
    }}
    onClose={(e: MouseEvent) => {
      e.stopPropagation();
      onClose();
    }}
  />
);
