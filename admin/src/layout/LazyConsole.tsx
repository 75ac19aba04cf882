import { Suspense, use, type ReactNode } from 'react';
import { LoadingPage } from 'react-admin';

/**
 * The console chunk (frame and dashboard), fetched once: on the first signed-in render, or as
 * soon as someone submits the sign-in form, so it downloads while the password is checked.
 */
let consoleModule: Promise<typeof import('../console.ts')> | undefined;
export const loadConsole = () =>
  (consoleModule ??= import('../console.ts').catch((error: unknown) => {
    consoleModule = undefined; // the next render asks again
    throw error;
  }));

const ConsoleLayout = ({ children }: { children: ReactNode }) => {
  const { Layout } = use(loadConsole());
  return <Layout>{children}</Layout>;
};

/** The console's frame; until it has arrived, the same loading page as while react-admin checks the session. */
export const Layout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LoadingPage />}>
    <ConsoleLayout>{children}</ConsoleLayout>
  </Suspense>
);

/**
 * The dashboard renders inside the frame, so its chunk has arrived by then: `use` of the same
 * settled promise answers at once, where a second React.lazy would suspend a moment for nothing.
 */
export const Dashboard = () => {
  const { Dashboard: ConsoleDashboard } = use(loadConsole());
  return <ConsoleDashboard />;
};
