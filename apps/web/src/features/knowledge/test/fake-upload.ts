import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The browser's XMLHttpRequest as the upload uses it, driven by the test: the upload's progress
 * events and the server's answer come when the test says. jsdom's own would send to no server.
 */
export class FakeUpload {
  static sent: FakeUpload[] = [];
  readonly upload = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  private readonly events = new EventTarget();
  private contentType = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  /** The server answers with JSON. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.contentType = 'application/json';
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

/** Every test of the file gets the fake in place of the browser's XMLHttpRequest. */
export function withFakeUploads() {
  beforeEach(() => {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });
  afterEach(() => vi.unstubAllGlobals());
}
