import type { MouseEvent } from 'react';
import { Confirm } from 'react-admin';
import type { MoveQuestion } from './price-change.ts';

/** Asks staff the server's question about a move (another sport, another price) before anything moves. */
export const MoveConfirm = ({ question, busy, onConfirm, onClose }: { question: MoveQuestion | undefined; busy: boolean; onConfirm: () => void; onClose: () => void }) => (
  <Confirm
    isOpen={question !== undefined}
    loading={busy}
    title={question?.title ?? ''}
    content={question?.text ?? ''}
    confirm={question?.confirm ?? 'Move booking'}
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
