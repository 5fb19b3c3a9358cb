import { ExceptionResult } from './exception-result';

export default function ServerErrorPage() {
  return <ExceptionResult status="500" />;
}
