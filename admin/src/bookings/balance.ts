import type { SettleBalanceBody } from '@courtside/contracts';

/** What the balance buttons need of a booking: the day view's blocks and the booking records both have it. */
export interface Settleable {
  id: string;
  status: string;
  paymentStatus: string;
  balance: number;
  customerName: string;
}

export interface SettleChoice {
  how: SettleBalanceBody['how'];
  label: string;
  title: string;
  content: string;
  done: string;
}

/**
 * How staff may settle a moved booking's balance, in the words they act on: a balance to
 * collect is taken at the desk; one to give back goes through the way they paid, or is handed
 * back at the desk. None for a booking with no balance, or one no longer confirmed and paid.
 */
export function settleChoices(b: Settleable, money: (amount: number) => string): SettleChoice[] {
  if (b.balance === 0 || b.status !== 'confirmed' || b.paymentStatus !== 'paid') return [];
  const amount = money(Math.abs(b.balance));
  if (b.balance > 0) {
    return [
      {
        how: 'desk',
        label: `Collect ${amount}`,
        title: `Collect ${amount}?`,
        content: `Record that ${b.customerName} paid the ${amount} difference at the desk (cash or card). It shows in Payments as taken by you, and they are emailed a receipt.`,
        done: `${amount} collected at the desk`,
      },
    ];
  }
  return [
    {
      how: 'provider',
      label: `Refund ${amount}`,
      title: `Refund ${amount}?`,
      content: `Give ${b.customerName} ${amount} back the way they paid (a desk payment becomes money to hand back at the desk). They are emailed when it is sent.`,
      done: `Refund of ${amount} recorded`,
    },
    {
      how: 'desk',
      label: `Hand back ${amount}`,
      title: `Hand back ${amount} at the desk?`,
      content: `Give ${b.customerName} ${amount} back in cash at the desk. It waits as a refund to hand back until someone presses "Refunded at the desk" on the payment.`,
      done: `${amount} to hand back at the desk`,
    },
  ];
}
