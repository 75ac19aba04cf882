import type { ReactNode } from 'react';
import { Loading, usePermissions } from 'react-admin';
import { isStaff } from '../access.ts';
import { StaffOnly } from './StaffOnly.tsx';
import { ConsoleFrame } from './ConsoleFrame.tsx';

/** Staff get the console; anyone else signed in gets the "Staff only" page and nothing is fetched. */
export const Layout = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Loading />;
  if (!isStaff(permissions)) return <StaffOnly />;
  return <ConsoleFrame>{children}</ConsoleFrame>;
};
