import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { App } from './app/app';
import { http } from './lib/http';
import { persistedSession } from './lib/session-persistence';
import { installUnloadLogout } from './lib/unload-logout';
import './styles.css';

dayjs.locale('zh-cn');

installUnloadLogout({
  target: window,
  now: Date.now,
  token: () => persistedSession.token(),
  url: () => http.url('/sys/logoutV2'),
  sendBeacon: (url, data) => navigator.sendBeacon(url, data),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
