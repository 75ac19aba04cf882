import { emailText, hasMailbox, mailto } from './mailto.ts';

/** A customer's address as a mailto link, or "No email" for a walk-in booked without one. */
export const EmailLink = ({ address }: { address: string }) => (hasMailbox(address) ? <a href={mailto(address)}>{address}</a> : <>{emailText(address)}</>);
