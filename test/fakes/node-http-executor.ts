// electron-updater downloads through Electron's `net` (its ElectronHttpExecutor), which plain Node
// has not: this executor does the same over node:http, as electron-builder's own updater tests do
// (they set the updater's internal `httpExecutor` to builder-util's NodeHttpExecutor). Everything
// else (feed parsing, version choice, download, sha512 check, cache) is electron-updater's own code.
import { request, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';

/** builder-util-runtime's HttpExecutor over node:http (loopback test servers only). */
export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    return request(options, callback);
  }

  /** What ElectronHttpExecutor.download does, without Electron. */
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/** Puts the Node executor where electron-updater keeps its Electron one (an internal field). */
export function useNodeHttp(updater: object): void {
  (updater as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
}
