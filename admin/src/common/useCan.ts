import { useCanAccess } from 'react-admin';
import type { BackOfficeAction, BackOfficeResource } from '@courtside/domain';

/**
 * Whether the signed-in staff member may do `action` on `resource`, through react-admin's
 * authProvider.canAccess (the domain's table). False until it has answered, so a button the
 * role may not use never flashes. For the buttons react-admin's own ones do not cover
 * (EditButton, CreateButton, DeleteButton and ListButton check for themselves).
 */
export function useCan<R extends BackOfficeResource>(resource: R, action: BackOfficeAction<R>): boolean {
  return useCanAccess({ resource, action }).canAccess === true;
}
