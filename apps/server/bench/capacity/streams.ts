/**
 * The capacity benchmark's client, kept light so that thousands of streams fit beside the server on
 * one machine: a raw node:http request per chat stream (a connection of its own, no pooling), its NDJSON
 * split into lines and recognised by their `type` without parsing the text, and per stream only a few
 * numbers: when its last text part arrived and how it ended.
 */
import { request, type ClientRequest } from 'node:http';

export interface ChatStream {
  openedAt: number;
  status: number | null;
  firstTextAt: number | null;
  lastTextAt: number | null;
  textParts: number;
  /** Why it ended, if it has: `finish`, `error part`, `status 4xx`, `closed`, `request error: …`. */
  ended: string | null;
  close(): void;
}

export interface ChatTarget {
  url: string;
  accessToken: string;
  workspaceId: string;
  projectId: string;
}

export function openChatStream(target: ChatTarget, message: string): ChatStream {
  const { hostname, port } = new URL(target.url);
  const body = JSON.stringify({ workspaceId: target.workspaceId, projectId: target.projectId, message });
  let req: ClientRequest | null = null;
  const stream: ChatStream = {
    openedAt: Date.now(),
    status: null,
    firstTextAt: null,
    lastTextAt: null,
    textParts: 0,
    ended: null,
    close: () => req?.destroy(),
  };
  const end = (reason: string) => {
    stream.ended ??= reason;
  };
  req = request(
    {
      host: hostname,
      port,
      method: 'POST',
      path: '/api/chat/send-request-stream',
      agent: false,
      headers: {
        authorization: `Bearer ${target.accessToken}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      stream.status = res.statusCode ?? 0;
      if (stream.status !== 200) {
        end(`status ${stream.status}`);
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let partial = '';
      res.on('data', (data: string) => {
        const lines = (partial + data).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          if (line.startsWith('{"type":"text"')) {
            stream.textParts += 1;
            stream.lastTextAt = Date.now();
            stream.firstTextAt ??= stream.lastTextAt;
          } else if (line.startsWith('{"type":"finish"')) end('finish');
          else if (line.startsWith('{"type":"error"')) end(`error part: ${line.slice(0, 200)}`);
        }
      });
      res.on('end', () => end('closed'));
      res.on('error', () => end('closed'));
    },
  );
  req.on('error', (error) => end(`request error: ${error.message}`));
  req.end(body);
  return stream;
}
