import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The routes in React Router's declarative mode (BrowserRouter): the app loads no data through the
 * router, and the data router's code and start-up work were a sixth of the first script
 * (docs/decisions/0012-declarative-router.md).
 */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
