/** A contact-form message as the back office gets it. */
export type MessageRecord = { id: string; name: string; email: string; subject: string; message: string; createdAt: string };
