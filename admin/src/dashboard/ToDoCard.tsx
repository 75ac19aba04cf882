import { Suspense } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Placeholder } from '../common/Placeholder.tsx';
import type { DeskRefundDto } from '@courtside/contracts';
import { lazyScreen } from '../common/lazyScreen.ts';
import { money } from '../common/format.ts';

/**
 * The refund lines and their "Handed back" confirmation (a dialog) are fetched only when there
 * is something to hand back, which is seldom: the dashboard's first screen does not carry them.
 */
const DeskRefundLines = lazyScreen(() => import('../payments/DeskRefundLines.tsx'), 'DeskRefundLines');

/** What staff owe customers at the desk, shown only while there is some, until each is recorded done. */
export const ToDoCard = ({ deskRefunds }: { deskRefunds: DeskRefundDto[] }) => {
  if (deskRefunds.length === 0) return null;
  const total = deskRefunds.reduce((sum, r) => sum + r.amount, 0);
  return (
    <Card sx={{ mb: 2, borderLeft: 4, borderColor: 'error.main' }} component="section" aria-labelledby="todo-title">
      <CardContent sx={{ p: 3 }}>
        <Typography id="todo-title" variant="h6" component="h2">
          To do
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {deskRefunds.length === 1 ? 'Cash paid at the desk to hand back' : `${deskRefunds.length} cash refunds to hand back at the desk, ${money(total)} in all`}. Record each once
          the customer has the money.
        </Typography>
        <Suspense fallback={<Placeholder height={deskRefunds.length * 48} />}>
          <DeskRefundLines refunds={deskRefunds} />
        </Suspense>
      </CardContent>
    </Card>
  );
};
