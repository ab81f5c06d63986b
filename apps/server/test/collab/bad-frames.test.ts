import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import type { App } from '../../src/app.ts';
import { createLoggedTestApp, type LogLine } from '../security/logged-app.ts';
import {
  collabUrl,
  liveSession,
  settled,
  sharedProject,
  synced,
  until,
  type LiveClient,
} from './live-client.ts';

/**
 * Frames a client can send that ws cannot accept, written as raw bytes on the socket (masked, as a
 * client must), and the close code the server answers each with.
 */
const MB = 1024 * 1024;
const MASK = Buffer.from([0x12, 0x34, 0x56, 0x78]);

function frameHeader(opcode: number, length: number): Buffer {
  const first = 0x80 | opcode;
  if (length < 126) return Buffer.concat([Buffer.from([first, 0x80 | length]), MASK]);
  if (length < 65_536) {
    const header = Buffer.from([first, 0x80 | 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return Buffer.concat([header, MASK]);
  }
  const header = Buffer.alloc(10);
  header[0] = first;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([header, MASK]);
}

function frame(opcode: number, payload: Buffer): Buffer {
  const masked = Buffer.from(payload.map((byte, index) => byte ^ MASK[index % 4]!));
  return Buffer.concat([frameHeader(opcode, payload.length), masked]);
}

const closeCode = (code: number) => {
  const payload = Buffer.alloc(2);
  payload.writeUInt16BE(code);
  return payload;
};

const badFrames: [string, number, string, () => Buffer][] = [
  ['a 5 MB message', 1009, 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', () => frame(0x2, Buffer.alloc(5 * MB, 1))],
  [
    'a 14-byte header announcing 5 MB',
    1009,
    'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
    () => frameHeader(0x2, 5 * MB),
  ],
  ['a reserved opcode', 1002, 'WS_ERR_INVALID_OPCODE', () => frame(0x3, Buffer.from('x'))],
  [
    'invalid UTF-8 in a text frame',
    1007,
    'WS_ERR_INVALID_UTF8',
    () => frame(0x1, Buffer.from([0xc3, 0x28, 0xff])),
  ],
  ['a close frame with a bad code', 1002, 'WS_ERR_INVALID_CLOSE_CODE', () => frame(0x8, closeCode(999))],
];

type Phase = 'before authentication' | 'after authentication' | 'on an open document';
const phases: Phase[] = ['before authentication', 'after authentication', 'on an open document'];

/** The raw TCP socket under a ws client (the frame is written past ws, as an attacker would). */
const rawSocket = (ws: WebSocket) => (ws as unknown as { _socket: import('node:net').Socket })._socket;

/** Hocuspocus's authentication message: the document's name, Auth (2), Token (0), the token. */
function authMessage(documentName: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, 2);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

const isAuthenticated = (data: Buffer) => {
  const decoder = decoding.createDecoder(data);
  decoding.readVarString(decoder);
  return decoding.readVarUint(decoder) === 2 && decoding.readVarUint(decoder) === 2;
};

/** A ws client at `phase`: connected only, authenticated for the document, or syncing it as an editor. */
async function attacker(
  app: App,
  phase: Phase,
  projectId: string,
  token: string,
  open: (...args: Parameters<typeof import('./live-client.ts').connect>) => LiveClient,
  requestId: string,
): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  let ws: WebSocket;
  if (phase === 'on an open document') {
    const client = open(app, projectId, token);
    await synced(client);
    ws = (client.provider.configuration.websocketProvider as unknown as { webSocket: WebSocket }).webSocket;
  } else {
    ws = new WebSocket(collabUrl(app), { headers: { 'x-request-id': requestId } });
    ws.on('error', () => {});
    await new Promise((resolve) => ws.once('open', resolve));
    if (phase === 'after authentication') {
      const authenticated = new Promise<void>((resolve) =>
        ws.on('message', (data: Buffer) => isAuthenticated(data) && resolve()),
      );
      ws.send(authMessage(projectId, token));
      await authenticated;
    }
  }
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  return { ws, closed };
}

const session = liveSession();
const WARN_LEVEL = 40;

describe('a frame the server cannot accept closes that one connection; the server goes on', () => {
  let app: App;
  let log: LogLine[];
  let team: Awaited<ReturnType<typeof sharedProject>>;
  let bystander: LiveClient;

  beforeAll(async () => {
    // One server for every case: each must leave it serving the next.
    ({ app, log } = await createLoggedTestApp());
    await app.listen({ port: 0, host: '127.0.0.1' });
    team = await sharedProject(app);
  });
  afterAll(async () => {
    await app.close();
  });

  for (const phase of phases) {
    it.each(badFrames)(`${phase}: %s → close %i`, async (_what, code, errorCode, bytes) => {
      // Another person edits the same document throughout.
      bystander = session.open(app, team.project.id, team.owner.accessToken);
      await synced(bystander);
      const requestId = randomUUID();
      const { ws, closed } = await attacker(
        app,
        phase,
        team.project.id,
        team.member.accessToken,
        session.open,
        requestId,
      );
      const socket = rawSocket(ws);
      socket.on('error', () => {});
      socket.write(bytes());
      expect(await closed).toBe(code);
      // Logged as a warning under the upgrade's request id (the provider sends none: one is made).
      await until(
        () => log.some((line) => line.code === errorCode && line.level === WARN_LEVEL),
        'the warning',
      );
      const warning = log.find((line) => line.code === errorCode)!;
      expect(warning.reqId).toMatch(/.+/);
      if (phase !== 'on an open document') expect(warning.reqId).toBe(requestId);
      log.splice(0);

      const health = await fetch(
        `${collabUrl(app).replace('ws:', 'http:').replace('/api/collab', '')}/healthz`,
      );
      expect(health.status).toBe(200);
      const line = `Sigue escribiendo ${phase} ${code}`;
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText(line)]);
      const fragment = bystander.doc.getXmlFragment('default');
      fragment.insert(fragment.length, [paragraph]);
      await settled(bystander);
      const reader = session.open(app, team.project.id, team.owner.accessToken);
      await until(() => reader.doc.getXmlFragment('default').toString().includes(line), 'the edit to sync');
      bystander.destroy();
      reader.destroy();
    });
  }
});
