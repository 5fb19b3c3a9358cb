import { ExceptionResult } from './exception-result';

export default function NotFoundPage() {
  return <ExceptionResult status="404" />;
}
