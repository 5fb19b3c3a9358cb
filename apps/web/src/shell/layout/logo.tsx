import { Link } from 'react-router';
import { HOME_PATH } from '@procura/shared';
import { PLATFORM_NAME } from '../../lib/platform';
import { LOGO_MIN_WIDTH } from './layout-constants';

/** The platform's name as the logo; collapsed, a short mark. */
export function Logo({
  collapsed = false,
  dark,
  color,
  minWidth = false,
}: {
  collapsed?: boolean;
  dark: boolean;
  color: string;
  minWidth?: boolean;
}) {
  return (
    <Link
      to={HOME_PATH}
      className="procura-logo"
      style={{
        color: dark ? '#fff' : color,
        fontSize: collapsed ? 15 : 17,
        minWidth: minWidth ? LOGO_MIN_WIDTH : undefined,
      }}
    >
      {collapsed ? '采购' : PLATFORM_NAME}
    </Link>
  );
}
