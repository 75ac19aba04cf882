import type { ReactNode } from 'react';
import type { UserDto } from '@courtside/contracts';
import { ROLE_LABELS, isStaff } from '@courtside/domain';
import { useSessionUser } from './useSessionUser.ts';
import { Avatar } from './Avatar.tsx';
import { LoadFailed, Loading } from './LoadStatus.tsx';

/** The top of every dashboard page: who is signed in ('Loading' until known), then the page. */
export function DashboardFrame(props: { title: string; lead?: string; children: (user: UserDto, setUser: (u: UserDto) => void) => ReactNode }) {
  const { state, setUser, retry } = useSessionUser();
  const user = state.phase === 'ready' ? state.user : null;
  return (
    <>
      <div className="dash-userbar" aria-live="polite">
        {user ? (
          <>
            <Avatar src={user.photoUrl} size={44} />
            <div className="dash-userbar-text user-text">
              <strong>{user.name}</strong>
              <span>{user.email}</span>
            </div>
            {isStaff(user.role) && <span className="badge badge-info">{ROLE_LABELS[user.role]}</span>}
          </>
        ) : (
          <>
            <span className="dash-avatar dash-skeleton" aria-hidden="true" />
            <span className="dash-userbar-text">{state.phase === 'error' ? 'Not loaded' : 'Loading…'}</span>
          </>
        )}
      </div>
      <h1 className="dash-title">{props.title}</h1>
      {props.lead && <p className="muted dash-lead">{props.lead}</p>}
      {state.phase === 'ready' ? (
        props.children(state.user, setUser)
      ) : state.phase === 'error' ? (
        <LoadFailed text={state.message} onRetry={retry} />
      ) : (
        <Loading text="Loading…" />
      )}
    </>
  );
}
