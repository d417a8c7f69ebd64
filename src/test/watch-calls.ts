import { server } from './bff';

// What a page asks the BFF while a test watches: the component tests that prove a refused time
// (or anything checked in the page) sends nothing.

/** Every call the page makes that `match` takes, as "METHOD /path", from now until `stop`. */
export function watchCalls(match: (method: string, path: string) => boolean): {
  calls: string[];
  stop: () => void;
} {
  const calls: string[] = [];
  const onRequest = ({ request }: { request: Request }) => {
    const path = new URL(request.url).pathname;
    if (match(request.method, path)) calls.push(`${request.method} ${path}`);
  };
  server.events.on('request:start', onRequest);
  return { calls, stop: () => server.events.removeListener('request:start', onRequest) };
}
