import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp, templateOfPath } from './app';
import { prefetchPortalConfig } from './config-store';
import { prefetchEnabledTemplate } from './template';
import '../styles/light-base.css';
import './portal.css';

// The public portal's entry (portal.html): its own router and styles, no back-office code.
// The enabled template (a site setting) and the page configuration are requested before
// React's first render.
const named = templateOfPath(window.location.pathname);
void (named ? prefetchPortalConfig(named) : prefetchEnabledTemplate().then(prefetchPortalConfig));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
