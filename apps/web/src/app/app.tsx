import { Link, Route, Router, Switch } from 'wouter';
import { SystemStatusPage } from './system-status-page';
import { basePath } from './base-path';
import { ROUTES } from './routes';

export function App() {
  return (
    <Router base={basePath()}>
      <nav className="navbar navbar-expand-md fixed-top bg-body-tertiary border-bottom">
        <div className="container-fluid">
          <Link className="navbar-brand" href={ROUTES.home}>
            OpenDTU
          </Link>
          <div className="navbar-nav">
            <Link className="nav-link" href={ROUTES.home}>
              Live view
            </Link>
            <Link className="nav-link" href={ROUTES.infoSystem}>
              System
            </Link>
          </div>
        </div>
      </nav>
      <main className="container-xxl">
        <Switch>
          <Route path={ROUTES.home}>
            <h1 className="h3">Live view</h1>
          </Route>
          <Route path={ROUTES.infoSystem}>
            <SystemStatusPage />
          </Route>
          <Route>
            <h1 className="h3">Page not found</h1>
          </Route>
        </Switch>
      </main>
    </Router>
  );
}
