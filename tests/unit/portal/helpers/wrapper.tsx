import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { theme } from '@/theme';
import { DataProviderContext } from 'react-admin';
import { createQueryClient } from '@/dataProvider/queryClient';
import type { PortalDataProvider } from '@/dataProvider';
import { createTestI18n } from './i18n';

export interface RenderOptions {
  /** The URL the memory router starts at. */
  route?: string;
  /** Extra routes beside the one rendering `ui` (e.g. a redirect target showing its own name). */
  routes?: RouteObject[];
  /** The path `ui` is mounted at (default '*'). */
  path?: string;
  i18n?: I18n;
  queryClient?: QueryClient;
  /** The named methods the component calls through usePortalApi (fakes of the dataProvider's). */
  dataProvider?: Partial<PortalDataProvider>;
}

/** The portal's shell providers (i18n, theme, query client, dataProvider) and a data router, for component tests. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const i18n = options.i18n ?? createTestI18n('vi');
  const queryClient = options.queryClient ?? createQueryClient();
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])], {
    initialEntries: [options.route ?? '/'],
  });
  const Providers = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <DataProviderContext.Provider value={(options.dataProvider ?? {}) as PortalDataProvider}>{children}</DataProviderContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  const result = render(<RouterProvider router={router} />, { wrapper: Providers });
  return { ...result, router, i18n, queryClient };
}

/** A route that only says where the test ended up. */
export function landing(path: string): RouteObject {
  return { path, element: <p data-testid="landed">{path}</p> };
}
