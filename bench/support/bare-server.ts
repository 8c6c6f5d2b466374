import { startBodyServer, type BaselineReceiver } from './body-server';

/**
 * The ceiling the bench compares against: a bare node:http server that reads the body, parses
 * the JSON and answers 204 — everything a webhook listener must do at the least, nothing more.
 */
export function startBareServer(): Promise<BaselineReceiver> {
  return startBodyServer(
    (body, res) => {
      try {
        JSON.parse(body.toString('utf8'));
        res.statusCode = 204;
      } catch {
        res.statusCode = 400;
      }
      res.end();
    },
    () => {},
  );
}
