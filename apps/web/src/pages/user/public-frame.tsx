import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { PLATFORM_NAME } from '../../lib/platform';

/** The centred card of the public pages (login, registration, password retrieval). */
export function PublicFrame({ title, width = 380, children }: { title: string; width?: number; children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(180deg, #e6fffb 0%, #f5f5f5 100%)',
        padding: 16,
      }}
    >
      <Card style={{ width, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 8 }}>
          {PLATFORM_NAME}
        </Typography.Title>
        <Typography.Title level={5} type="secondary" style={{ textAlign: 'center', marginTop: 0, marginBottom: 24 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}

/** Field errors of a 400 answer (`result.errors`), for `form.setFields`. */
export function fieldErrorsOf(error: unknown): { name: string; errors: string[] }[] {
  const body = (error as { body?: { result?: { errors?: Record<string, string> } } } | null)?.body;
  const errors = body?.result?.errors;
  return errors ? Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })) : [];
}
