import type { MessageDto } from '@courtside/contracts';

/** A contact-form message as the back office gets it (its `id` is react-admin's key already). */
export type MessageRecord = MessageDto;
