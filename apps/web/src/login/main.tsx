import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { enterIfSignedIn } from './enter';
import { LoginPage } from './login-page';
import '../styles/light-base.css';
import './login.css';

// The sign-in entry (login.html): plain React and one small style sheet, no antd and no
// back-office code, so the page is fast on a phone. After sign-in it leaves for the back
// office with a full page load.
if (!enterIfSignedIn()) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LoginPage />
    </StrictMode>,
  );
}
