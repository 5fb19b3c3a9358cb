import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app';
import './portal.css';

// The public portal's entry (portal.html): its own router and styles, no back-office code.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
