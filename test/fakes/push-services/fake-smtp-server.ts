import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

/** One message the fake SMTP server took: the parsed mail, its envelope, how it came. */
export interface ReceivedMail {
  mail: ParsedMail;
  from: string;
  to: string[];
  /** The connection was TLS when the message was sent (STARTTLS or TLS from the start). */
  secure: boolean;
  user?: string;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 with a self-signed certificate and a login. */
export interface FakeSmtpServer {
  port: number;
  /** The server's certificate (PEM): trust it to pass the check. */
  cert: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 (and localhost). */
export async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/**
 * Starts the server: STARTTLS offered (or TLS from the start with `secure`), AUTH PLAIN/LOGIN with
 * the given user (refused with 535 otherwise; only over TLS unless `insecure`), every message
 * parsed with mailparser into `received`.
 */
export async function startFakeSmtpServer(
  options: { user?: string; password?: string; secure?: boolean; insecure?: boolean } = {},
): Promise<FakeSmtpServer> {
  const { key, cert } = await selfSignedCertificate();
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    key,
    cert,
    secure: options.secure ?? false,
    authOptional: options.user === undefined,
    allowInsecureAuth: options.insecure ?? false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream, { skipImageLinks: true }).then(
        (mail) => {
          received.push({
            mail,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            secure: session.secure,
            ...(typeof session.user === 'string' ? { user: session.user } : {}),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    cert,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
