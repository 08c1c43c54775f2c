import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { restoreSession, watchStoredSession } from './lib/session.ts';
import { startRealtime } from './lib/socket.ts';

const router = createBrowserRouter(routes);

// The session is read from the encrypted cache before the first render, so / and the guards decide once.
void restoreSession().then(() => {
  watchStoredSession();
  startRealtime();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root ausente em index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
