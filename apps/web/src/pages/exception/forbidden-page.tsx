import { ExceptionResult } from './exception-result';

export default function ForbiddenPage() {
  return <ExceptionResult status="403" />;
}
