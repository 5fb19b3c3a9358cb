import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/auth-store';
import { setFeedback } from '../lib/feedback';
import { useLayoutSettings } from '../lib/layout-settings';
import { usePrefersReducedMotion } from '../lib/use-media-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client already reported the failure; retrying a 403 or 500 helps no one.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Hands antd's context-aware message/notification/modal to non-React code. */
function FeedbackBridge() {
  const { message, notification, modal } = AntdApp.useApp();
  useLayoutEffect(() => {
    setFeedback({ message, notification, modal });
    return () => setFeedback(null);
  }, [message, notification, modal]);
  return null;
}

/** Server data of one user must never show for the next one. */
function ClearCacheOnSessionChange() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current !== token) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The theme colour chosen in the settings drawer (teal by default) drives every antd component.
  const { primaryColor } = useLayoutSettings();
  // Honour the system's "reduce motion" setting: antd then opens and closes without animating.
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: primaryColor, motion: !reducedMotion } }}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={client}>
          <ClearCacheOnSessionChange />
          {children}
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
