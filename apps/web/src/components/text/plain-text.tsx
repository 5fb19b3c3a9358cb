import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A heading and a secondary text in antd's own type scale and colours, without antd's Typography
 * (copy, ellipsis and edit machinery: about 8 kB gzip), for the shell and the home page, which
 * every user loads first. Pages that need Typography's features keep using it.
 */
export function PlainHeading({ level, children, style }: { level: 4 | 5; children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const Tag = level === 4 ? 'h4' : 'h5';
  return (
    <Tag
      style={{
        margin: '0 0 0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 4 ? token.fontSizeHeading4 : token.fontSizeHeading5,
        lineHeight: level === 4 ? token.lineHeightHeading4 : token.lineHeightHeading5,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

/** Text in the secondary colour (Typography.Text type="secondary"). */
export function SecondaryText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}
