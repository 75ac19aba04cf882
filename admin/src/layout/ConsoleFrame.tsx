import { Component, Suspense, useId, type ErrorInfo, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { Button } from '@mui/material';
import { Loading } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen.ts';
import { ConsoleAppBar } from './ConsoleAppBar.tsx';
import { ConsoleMenu } from './ConsoleMenu.tsx';
import { SideNav } from './SideNav.tsx';

/** react-admin's error screen, fetched only when a screen fails. */
const ScreenError = lazyScreen(() => import('./pages.ts'), 'ErrorPage');

interface CaughtProps {
  children: ReactNode;
}
interface CaughtState {
  error?: unknown;
  info?: ErrorInfo;
}

/** A screen that throws shows react-admin's error screen in the frame; it resets itself when the user navigates away. */
class ScreenBoundary extends Component<CaughtProps, CaughtState> {
  override state: CaughtState = {};
  static getDerivedStateFromError(error: unknown): CaughtState {
    return { error };
  }
  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ info });
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Suspense fallback={<Loading />}>
        <ScreenError error={this.state.error} errorInfo={this.state.info} resetErrorBoundary={() => this.setState({ error: undefined, info: undefined })} />
      </Suspense>
    );
  }
}

/**
 * The first thing a keyboard reaches: hidden above the page until focused, it moves focus to
 * the screen (react-admin's <SkipNavigationButton>, whose button also imports MUI's Tooltip).
 */
const SkipToContent = styled(Button)(({ theme }) => ({
  position: 'fixed',
  left: theme.spacing(2),
  top: theme.spacing(-10),
  zIndex: 5000,
  padding: theme.spacing(1),
  '&:focus': { top: theme.spacing(2) },
}));

const skipToContent = () => {
  const main = document.getElementById('main-content');
  if (!main) return;
  main.setAttribute('tabIndex', '-1');
  main.focus();
  main.removeAttribute('tabIndex');
};

const PREFIX = 'RaLayout';

/** The same frame and class names as react-admin's <Layout>, so its theme styles apply unchanged. */
const Root = styled('div', { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${PREFIX}-appFrame`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${PREFIX}-contentWithSidebar`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${PREFIX}-content`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

/**
 * react-admin's <Layout> composed by hand: app bar, side menu, the screen in an error boundary
 * and a Suspense boundary. Its own <Layout> also imports the error screen (with its accordion)
 * and the preferences inspector into the first screen after sign-in, and its app bar, sidebar
 * and menu bring tooltips, popovers, a modal drawer and keyboard shortcuts; this frame draws
 * the same thing from MUI's plain parts, and the error screen loads only when needed.
 */
export const ConsoleFrame = ({ children }: { children: ReactNode }) => {
  const menuId = useId();
  return (
    <Root className="layout">
      <SkipToContent variant="contained" onClick={skipToContent}>
        Skip to content
      </SkipToContent>
      <div className={`${PREFIX}-appFrame`}>
        <ConsoleAppBar menuId={menuId} />
        <main className={`${PREFIX}-contentWithSidebar`}>
          <SideNav>{(onNavigate) => <ConsoleMenu id={menuId} onNavigate={onNavigate} />}</SideNav>
          <div id="main-content" className={`${PREFIX}-content`}>
            <ScreenBoundary>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ScreenBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
};
