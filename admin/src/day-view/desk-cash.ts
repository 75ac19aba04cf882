import { createContext, useContext } from 'react';
import type { DeskRefundDto } from '@courtside/contracts';
import { cashFor } from '../payments/desk-refunds.ts';

/** The day's desk refunds still to hand back, for the blocks and the popover of the bookings they belong to. */
export const DeskCashContext = createContext<DeskRefundDto[]>([]);

/** A booking's desk refunds still to hand back, and their total in dollars. */
export const useDeskCash = (bookingId: string) => cashFor(useContext(DeskCashContext), bookingId);
