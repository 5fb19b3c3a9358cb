import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp, templateOfPath } from './app';
import { prefetchPortalConfig } from './config-store';
import '../styles/light-base.css';
import './portal.css';

// The public portal's entry (portal.html): its own router and styles, no back-office code.
// The page configuration is requested before React's first render.
void prefetchPortalConfig(templateOfPath(window.location.pathname));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
