// issue 7 §5: a crash in a screen shows 'Algo deu errado nesta tela.' with 'Tentar novamente' and
// 'Voltar ao início' instead of a blank page; a route change clears it; the rest keeps working.
import { ThemeProvider } from '@mui/material';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { RouteErrorScreen, SCREEN_ERROR_TEXT, ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { theme } from './theme.ts';

let crashes = true;
function CrashingScreen() {
  if (crashes) throw new Error('boom');
  return <p>Tela recuperada</p>;
}

// A shell like the app's: a link outside the boundary, the screen inside it.
function Shell() {
  return (
    <>
      <nav>
        <Link to="/crm">CRM</Link>
        <Link to="/instancias">Instâncias</Link>
      </nav>
      <main>
        <ScreenErrorBoundary>
          <Outlet />
        </ScreenErrorBoundary>
      </main>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Shell,
        children: [
          { path: '/inicial', element: <p>Tela inicial</p> },
          { path: '/crm', Component: CrashingScreen },
          { path: '/instancias', element: <p>Tela de instâncias</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

beforeEach(() => {
  crashes = true;
  // React reports the caught error on the console; the boundary logs it too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the screen error boundary (issue 7 §5)', () => {
  it('shows the Portuguese message with both ways back, and keeps the shell', () => {
    renderAt('/crm');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(SCREEN_ERROR_TEXT.title);
    expect(SCREEN_ERROR_TEXT.title).toBe('Algo deu errado nesta tela.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voltar ao início' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Instâncias' })).toBeTruthy();
    expect(alert.textContent).not.toContain('boom');
  });

  it("'Tentar novamente' renders the screen again", () => {
    renderAt('/crm');
    crashes = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.getByText('Tela recuperada')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Voltar ao início' goes to /inicial", async () => {
    const router = renderAt('/crm');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar ao início' }));
    expect(await screen.findByText('Tela inicial')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inicial');
  });

  it('a route change clears the error, and coming back tries the screen again', async () => {
    renderAt('/crm');
    fireEvent.click(screen.getByRole('link', { name: 'Instâncias' }));
    expect(await screen.findByText('Tela de instâncias')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    crashes = false;
    fireEvent.click(screen.getByRole('link', { name: 'CRM' }));
    expect(await screen.findByText('Tela recuperada')).toBeTruthy();
  });

  it("the router's error page outside the shell is in Portuguese too", () => {
    const router = createMemoryRouter([{ path: '/', Component: CrashingScreen, ErrorBoundary: RouteErrorScreen }], {
      initialEntries: ['/'],
    });
    render(
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Algo deu errado nesta tela.');
    expect(screen.getByRole('button', { name: 'Voltar ao início' })).toBeTruthy();
  });
});
